# SC2004, one V40z sending to two V20z over 10 GbE (S2io Xframe at every host): the
# model's aggregate and per-stream goodput at 9000 and 1500 B MTU beside the sender's
# closed-form ceiling and its even half. Called by `hybridnet report` with datadir
# (checks.dat: index label measured min max sim ci_low ci_high; rows 0 sender-bound-9000,
# 1 sender-bound-1500, 2 even-share-9000) and outbase.
set datafile missing "NaN"
set grid
set ylabel "TCP payload rate (Gb/s)"
set yrange [0:6]
set xrange [-0.6:1.6]
set xtics ("9000 B MTU" 0, "1500 B MTU" 1)
set key top right font ",9"
set title "SC2004: one V40z to two V20z, 10 GbE, S2io Xframe: host model"
do for [t in "png pdf"] {
  if (t eq "png") { set terminal pngcairo size 900,620 font ",10"; set output outbase.".png" }
  if (t eq "pdf") { set terminal pdfcairo size 6.4in,4.6in font ",9"; set output outbase.".pdf" }
  plot datadir."/checks.dat" using (int($1) <= 1 ? $1 : NaN):($3 / 1000) with points pt 4 ps 2.5 lc rgb "#1f77b4" title "sender's ceiling (derived, closed form)", \
       datadir."/checks.dat" using (int($1) == 2 ? 0 : NaN):($3 / 1000) with points pt 6 ps 2.5 lc rgb "#2ca02c" title "half the sender's ceiling (derived)", \
       datadir."/checks.dat" using (int($1) <= 1 ? $1 : NaN):($6 / 1000) with points pt 7 ps 1.1 lc rgb "#d62728" title "model: aggregate", \
       datadir."/checks.dat" using (int($1) == 2 ? 0 : NaN):($6 / 1000) with points pt 2 ps 1.5 lc rgb "#d62728" title "model: one stream (host2)"
}
