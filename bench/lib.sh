# Helpers shared by the bench scripts (sourced, not run).

# wall_ns CMD... runs CMD with its output discarded and prints its wall time
# in nanoseconds. CPU is the core the command is pinned to (taskset), so a
# figure "on one core" is one core.
wall_ns() {
  local t0 t1
  t0=$(date +%s%N)
  taskset -c "${CPU:-1}" "$@" >/dev/null || { echo "bench: $* failed" >&2; return 1; }
  t1=$(date +%s%N)
  echo $((t1 - t0))
}

# median reads numbers, one a line, and prints their median.
median() {
  sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# machine prints the date, the CPU and the load, for a figure's record.
machine() {
  echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
  echo "machine: $(nproc) x $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(free -g | awk '/Mem:/ { print $2 }') GiB, $(go version | cut -d' ' -f3)"
  echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
}
