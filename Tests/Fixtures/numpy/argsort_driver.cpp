// Reads arrays ("N v1 … vN" per line) and prints the shim's numpy-order argsort of each, for
// DNNDetectorTests to compare with numpy's own (Tests/Fixtures/numpy/argsort.json).
#include "numpy_argsort.hpp"

#include <cstdio>

int main() {
    int n;
    while (std::scanf("%d", &n) == 1) {
        std::vector<double> values(n);
        for (double &v : values) std::scanf("%lf", &v);
        for (intptr_t i : fb_numpy::argsort(values)) std::printf("%ld ", static_cast<long>(i));
        std::printf("\n");
    }
    return 0;
}
