// The floor: the seed's flow rule as a plain greedy loop in C, compiled with -O2.
//
//   cc -O2 -o flow bench/c/flow.c
//   ./flow DIR 10,1000 390,1280 [repeats] [min_sample_ms]
//
// Reads DIR/sizes-N.f64 (packed little-endian doubles w0, h0, w1, h1, ...: bench/workload.py),
// times the loop (thread CPU time) by the harness's common method (warm-up, batches of at least min_sample_ms,
// median of `repeats` batches; 3 batches from a million tags on), and prints one JSON line per
// (n, width): {"engine": "c", "op": "arrange", ...}. Iteration i lays out at width
// W - (i mod 4), like every other engine of the run.
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { WIDTH_CYCLE = 4 };

// The loop under test. Out-of-line, so the compiler cannot hoist it out of the timing loop.
__attribute__((noinline)) static void flow(const double *sizes, long count, double width,
                                           double spacing, double *origins, double *size_out) {
  double cursor_x = 0, cursor_y = 0, row_height = 0, used_width = 0;
  for (long i = 0; i < count; i++) {
    double w = sizes[2 * i], h = sizes[2 * i + 1];
    if (cursor_x > 0 && cursor_x + w > width) {
      cursor_x = 0;
      cursor_y = cursor_y + row_height + spacing;
      row_height = 0;
    }
    origins[2 * i] = cursor_x;
    origins[2 * i + 1] = cursor_y;
    if (cursor_x + w > used_width) used_width = cursor_x + w;
    if (h > row_height) row_height = h;
    cursor_x += w + spacing;
  }
  size_out[0] = used_width;
  size_out[1] = cursor_y + row_height;
}

// CPU time of this thread: on a shared machine the wall clock would count other processes' work.
static double clock_ns(clockid_t clock) {
  struct timespec t;
  clock_gettime(clock, &t);
  return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}
static double now_ns(void) { return clock_ns(CLOCK_THREAD_CPUTIME_ID); }

static int compare_doubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double *read_sizes(const char *dir, long count) {
  char path[4096];
  snprintf(path, sizeof path, "%s/sizes-%ld.f64", dir, count);
  FILE *file = fopen(path, "rb");
  if (!file) {
    fprintf(stderr, "flow: cannot open %s\n", path);
    exit(2);
  }
  double *sizes = malloc(sizeof(double) * 2 * (size_t)count);
  if (!sizes || fread(sizes, sizeof(double), 2 * (size_t)count, file) != 2 * (size_t)count) {
    fprintf(stderr, "flow: %s is shorter than %ld sizes\n", path, count);
    exit(2);
  }
  fclose(file);
  return sizes;
}

static long parse_list(const char *text, long *out, long capacity) {
  long count = 0;
  char *copy = strdup(text), *save = NULL;
  for (char *item = strtok_r(copy, ",", &save); item && count < capacity;
       item = strtok_r(NULL, ",", &save)) {
    char *end;
    out[count] = strtol(item, &end, 10);
    if (*end != '\0' || out[count] <= 0) {
      fprintf(stderr, "flow: bad number '%s' in '%s'\n", item, text);
      exit(2);
    }
    count++;
  }
  free(copy);
  return count;
}

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: flow DIR COUNTS WIDTHS [repeats] [min_sample_ms]\n");
    return 2;
  }
  long counts[32], widths[32];
  long count_total = parse_list(argv[2], counts, 32);
  long width_total = parse_list(argv[3], widths, 32);
  int repeats = argc > 4 ? atoi(argv[4]) : 7;
  double min_sample_ns = (argc > 5 ? atof(argv[5]) : 10.0) * 1e6;
  const double spacing = 18;

  for (long c = 0; c < count_total; c++) {
    long n = counts[c];
    double *sizes = read_sizes(argv[1], n);
    double *origins = malloc(sizeof(double) * 2 * (size_t)n);
    double size[2];
    int samples_wanted = n >= 1000000 ? 3 : repeats;
    for (long w = 0; w < width_total; w++) {
      double base = (double)widths[w];
      // Warm-up and calibration: double the batch until it lasts min_sample_ns.
      flow(sizes, n, base, spacing, origins, size);  // first touch of the output, uncounted
      long iterations = 1;
      for (;;) {
        double start = now_ns();
        for (long i = 0; i < iterations; i++)
          flow(sizes, n, base - (double)(i % WIDTH_CYCLE), spacing, origins, size);
        if (now_ns() - start >= min_sample_ns) break;
        iterations *= 2;
      }
      double samples[64], wall[64];
      for (int s = 0; s < samples_wanted; s++) {
        double wall_start = clock_ns(CLOCK_MONOTONIC), start = now_ns();
        for (long i = 0; i < iterations; i++)
          flow(sizes, n, base - (double)(i % WIDTH_CYCLE), spacing, origins, size);
        samples[s] = (now_ns() - start) / (double)iterations;
        wall[s] = (clock_ns(CLOCK_MONOTONIC) - wall_start) / (double)iterations;
      }
      qsort(samples, (size_t)samples_wanted, sizeof(double), compare_doubles);
      qsort(wall, (size_t)samples_wanted, sizeof(double), compare_doubles);
      flow(sizes, n, base, spacing, origins, size);  // the result at W itself, for the check
      printf("{\"engine\": \"c\", \"op\": \"arrange\", \"n\": %ld, \"width\": %ld, "
             "\"median_ns\": %.3f, \"min_ns\": %.3f, \"max_ns\": %.3f, \"wall_median_ns\": %.3f, "
             "\"samples\": %d, "
             "\"iterations\": %ld, \"height\": %.6f}\n",
             n, widths[w], samples[samples_wanted / 2], samples[0], samples[samples_wanted - 1],
             wall[samples_wanted / 2], samples_wanted, iterations, size[1]);
      fflush(stdout);
    }
    free(origins);
    free(sizes);
  }
  return 0;
}
