// ray_march.cu -- lockstep TBC-study kernel (written for this project).
//
// A ray caster over a 2-D grid map in 8.8 fixed point, one ray per thread,
// standing for the thesis's ray tracers (RAY, and the per-ray work of NVRT;
// ../shared/research/001-microarch-tbc.md Table 3.1). Every ray starts in
// the centre cell with its own direction and marches in steps of half a cell
// (along its longer axis) until it hits a wall (map 1); a mirror cell (map 2) turns it by 90
// degrees, at most 3 times, and the 4th mirror absorbs it. The trip count
// of the march loop depends on the scene (4 .. a few hundred steps), and
// the mirror branch is taken by few rays: the divergence of a ray tracer's
// traversal loop.
//
// Each ray's result (steps * 8 + bounces, and the cell where it stopped) is
// its own: the [expect].

__global__ void ray_march(int w, int h, const int *__restrict__ map, int *steps_out, int *cell_out)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int dx = (t * 37) % 511 - 255, dy = (t * 91 + 17) % 511 - 255;
    int m = max(max(abs(dx), abs(dy)), 1);
    dx = dx * 128 / m;                 // a step of half a cell along the longer axis
    dy = dy * 128 / m;
    int px = (w / 2) * 256 + 128, py = (h / 2) * 256 + 128;
    int steps = 0, bounces = 0, cell = 0;
    while (steps < 4096) {
        px += dx;
        py += dy;
        ++steps;
        cell = (py >> 8) * w + (px >> 8);
        int kind = map[cell];
        if (kind == 1)
            break;                     // a wall (the map's border is all walls)
        if (kind == 2) {               // a mirror: turn left
            if (++bounces == 4)
                break;
            int t2 = dx;
            dx = -dy;
            dy = t2;
        }
    }
    steps_out[t] = steps * 8 + bounces;
    cell_out[t] = cell;
}
