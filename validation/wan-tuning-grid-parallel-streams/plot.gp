# Parallel streams on a 50 ms, 539 Mb/s path: aggregate goodput of n streams over one
# stream with untuned (64 KB) and BDP-sized buffers, 5 s runs (quick) and 30 s (full),
# with the first-principles gain n for window-limited streams and the bounds T / (T - 0.8 s)
# for large buffers. Called by `hybridnet report` with datadir (checks.dat: index label
# measured min max sim ci_low ci_high) and outbase. Rows: 0 small-1-window,
# 1-3 small-gain-2/4/6, 4 large-1-range, 5/7/9 large-helps-2/4/6, 6/8/10 large-little-2/4/6,
# 11 large-1-range-30s, 12/14/16 large-helps-2/4/6-30s, 13/15/17 large-little-2/4/6-30s.
set datafile missing "NaN"
set grid
set xrange [0.5:6.5]
set xtics (1, 2, 4, 6)
set xlabel "parallel streams"
small(i) = i == 0 ? 1 : i == 1 ? 2 : i == 2 ? 4 : i == 3 ? 6 : NaN
large5(i) = i == 4 ? 1 : i == 5 ? 2 : i == 7 ? 4 : i == 9 ? 6 : NaN
large30(i) = i == 11 ? 1 : i == 12 ? 2 : i == 14 ? 4 : i == 16 ? 6 : NaN
ratio(i) = (i == 0 || i == 4 || i == 11) ? ($6 == $6 ? 1 : NaN) : $6
do for [t in "png pdf"] {
  if (t eq "png") { set terminal pngcairo size 1000,480 font ",10"; set output outbase.".png" }
  if (t eq "pdf") { set terminal pdfcairo size 7.0in,3.4in font ",9"; set output outbase.".pdf" }
  set multiplot layout 1,2 title "Parallel streams help a lot with untuned buffers, a little with large ones (rtt 50 ms, 539 Mb/s)"
  set ylabel "aggregate goodput / one stream"
  set yrange [0:7]
  set key top left font ",9"
  set title "all buffers"
  plot x with lines dt 2 lw 2 lc rgb "#ff7f0e" title "first principles: n windows, n times one", \
       datadir."/checks.dat" using (small(int($1))):(ratio(int($1))) with points pt 7 ps 1.4 lc rgb "#d62728" title "model, 64 KB buffers (5 s)", \
       datadir."/checks.dat" using (large5(int($1))):(ratio(int($1))) with points pt 5 ps 1.2 lc rgb "#1f77b4" title "model, BDP-sized buffers (5 s)"
  set title "BDP-sized buffers (zoom)"
  set yrange [0.95:1.35]
  set key top right font ",9"
  plot 1.1905 with lines dt 2 lw 2 lc rgb "#1f77b4" title "bound over 5 s: 5 / (5 - 0.8)", \
       1.0274 with lines dt 3 lw 2 lc rgb "#2ca02c" title "bound over 30 s: 30 / (30 - 0.8)", \
       1 with lines lc rgb "#7f7f7f" title "no gain", \
       datadir."/checks.dat" using (large5(int($1))):(ratio(int($1))) with points pt 5 ps 1.4 lc rgb "#1f77b4" title "model, 5 s", \
       datadir."/checks.dat" using (large30(int($1))):(ratio(int($1))) with points pt 9 ps 1.6 lc rgb "#2ca02c" title "model, 30 s (full level)"
  unset multiplot
}
