// nbody_tile.cu -- lockstep false-detection corpus (written for this project).
//
// All-pairs n-body accelerations with shared-memory tiles: the block loads
// blockDim.x bodies (mass 0 past the end, so the tile loop stays
// block-uniform), synchronises, every thread accumulates the softened
// interactions with the tile, and synchronises again before the next load.

__global__ void nbody_tile(const float4 *__restrict__ pos, float3 *__restrict__ acc,
                           int n, float soft2)
{
    extern __shared__ float4 tile[];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float4 me = (i < n) ? pos[i] : make_float4(0.f, 0.f, 0.f, 0.f);
    float3 a = make_float3(0.f, 0.f, 0.f);
    for (int start = 0; start < n; start += blockDim.x) {
        int j = start + threadIdx.x;
        tile[threadIdx.x] = (j < n) ? pos[j] : make_float4(0.f, 0.f, 0.f, 0.f);
        __syncthreads();
        for (int k = 0; k < blockDim.x; ++k) {
            float4 o = tile[k];
            float dx = o.x - me.x, dy = o.y - me.y, dz = o.z - me.z;
            float r2 = dx * dx + dy * dy + dz * dz + soft2;
            float inv = rsqrtf(r2);
            float s = o.w * inv * inv * inv;
            a.x += dx * s; a.y += dy * s; a.z += dz * s;
        }
        __syncthreads();
    }
    if (i < n)
        acc[i] = a;
}
