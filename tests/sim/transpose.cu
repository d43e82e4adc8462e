// transpose.cu -- shared-memory tiled transpose with a padded tile
// (32 x 33 floats), rows and columns not multiples of the tile.
#define TILE 32
extern "C" __global__ void transpose(float *out, const float *in, int rows, int cols)
{
    __shared__ float tile[TILE][TILE + 1];
    int x = blockIdx.x * TILE + threadIdx.x;
    for (int j = threadIdx.y; j < TILE; j += blockDim.y) {
        int y = blockIdx.y * TILE + j;
        if (x < cols && y < rows)
            tile[j][threadIdx.x] = in[(long)y * cols + x];
    }
    __syncthreads();
    x = blockIdx.y * TILE + threadIdx.x;
    for (int j = threadIdx.y; j < TILE; j += blockDim.y) {
        int y = blockIdx.x * TILE + j;
        if (x < rows && y < cols)
            out[(long)y * rows + x] = tile[threadIdx.x][j];
    }
}
