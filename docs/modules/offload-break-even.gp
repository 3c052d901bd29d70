# The break-even size of an on-demand lightpath (docs/modules/offload.md):
#   gnuplot docs/modules/offload-break-even.gp   (from the repository's top level)
# reads docs/modules/offload-break-even.csv (examples/lightpath-break-even.py over slices of
# examples/sweeps/lightpath-wan-break-even.toml: per condition and size the completion
# times on the packet WAN and on demand with the size announced, their ratio, and the
# derived F_0 where the packet-path time equals T_up) and writes
# docs/modules/offload-break-even.png.
set terminal pngcairo size 900,560 font ",10"
set output "docs/modules/offload-break-even.png"
set datafile separator ","
set datafile missing "nan"
file = "docs/modules/offload-break-even.csv"
set title "One transfer, packet WAN against a lightpath on demand (size announced), 100 Mb/s WAN (model)"
set xlabel "transfer size (MB)"
set ylabel "completion time on demand / on the packet WAN"
set logscale x 2
set xrange [0.8:80]
set yrange [0.2:1.1]
set grid
set key bottom left font ",9"
# conditions: T_up (s), RTT (s), cross flows
tup(i) = word("0.602 1.402 3.402 1.462 1.402", i) + 0
rtt(i) = word("0.020 0.020 0.020 0.080 0.020", i) + 0
flows(i) = word("1 1 1 1 4", i) + 0
label(i) = word("'T_{up} 0.6 s' 'T_{up} 1.4 s' 'T_{up} 3.4 s' 'T_{up} 1.46 s, RTT 80 ms' 'T_{up} 1.4 s, 4 cross flows'", i)
colour(i) = word("#ff9896 #d62728 #67000d #1f77b4 #2ca02c", i)
is(i) = abs(column(1) - tup(i)) < 1e-3 && abs(column(2) - rtt(i)) < 1e-3 && column(3) == flows(i)
plot for [i=1:5] file using (is(i) ? $4 : NaN):7 every ::1 with linespoints lw 2 pt 7 lc rgb colour(i) title label(i), \
     for [i=1:5] file using (is(i) && $4 == 1 ? $8 : NaN):(1.05) every ::1 with points pt 11 ps 2 lc rgb colour(i) title (i == 2 ? "derived F_{0}: where the packet-path time equals T_{up}" : ""), \
     1 with lines dt 2 lc rgb "black" notitle
