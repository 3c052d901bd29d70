# The round level against packet level over the six error maps of tcp.md (issue 23):
# goodput of each point at both fidelities, and the round level's error.
#   gnuplot docs/modules/tcp-error-maps.gp   (from the repository's top level)
# reads docs/modules/tcp-error-maps.csv (one row per point: map, point, packet and round
# goodput, error) and writes docs/modules/tcp-error-maps.png.
set terminal pngcairo size 1400,600 font ",11"
set output "docs/modules/tcp-error-maps.png"
set datafile separator ","
set termoption noenhanced
set key top left box opaque
maps = "first recovery sharing long-path long-path-loss rate-buffer"
file = "docs/modules/tcp-error-maps.csv"
stats file skip 1 using (abs($5) <= 5 ? 1 : 0) nooutput
set multiplot layout 1,2 title sprintf("Round level against packet level: goodput of every error-map point (%d of %d within 5 %%)", STATS_sum, STATS_records)
set logscale xy
set format x "%g"; set format y "%g"
set xlabel "packet level goodput [Mb/s]"
set ylabel "round level goodput [Mb/s]"
set xrange [5:20000]; set yrange [5:20000]
plot for [m in maps] file skip 1 using (strcol(1) eq m ? $3 : NaN):4 with points pt 7 ps 0.8 title m, \
     x with lines lc rgb "black" dt 1 notitle, \
     1.05 * x with lines lc rgb "gray" dt 2 title "+-5 %", \
     0.95 * x with lines lc rgb "gray" dt 2 notitle
unset logscale y
set format y "%g"
set ylabel "round level's error [%]"
set yrange [-90:70]
set key top left
plot for [m in maps] file skip 1 using (strcol(1) eq m ? $3 : NaN):5 with points pt 7 ps 0.8 title m, \
     5 with lines lc rgb "gray" dt 2 title "+-5 %", \
     -5 with lines lc rgb "gray" dt 2 notitle, \
     0 with lines lc rgb "black" notitle
unset multiplot
