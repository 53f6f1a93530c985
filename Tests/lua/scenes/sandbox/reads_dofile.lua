local run = dofile
