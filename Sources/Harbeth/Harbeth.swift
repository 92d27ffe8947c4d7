@_exported import HarbethGPU
