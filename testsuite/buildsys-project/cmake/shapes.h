#ifdef __cplusplus
extern "C" {
#endif
long shape_area(long w, long h);
long shape_scaled_sum(const long *v, int n, long k);
#ifdef __cplusplus
}
#endif
