import Harbeth
