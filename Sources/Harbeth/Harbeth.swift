import HarbethGPU
