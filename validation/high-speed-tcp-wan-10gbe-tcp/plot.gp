# 10 GbE TCP back to back between two Sun V20z: the model's rate with the S2io Xframe and
# with the Chelsio T110 TOE at 9000 and 1500 B MTU, beside the ceilings that bind (the
# receiving CPU's closed form, the copy rate). Called by `hybridnet
# report` with datadir (checks.dat: index label measured min max sim ci_low ci_high; rows
# 0 s2io-9000, 1 s2io-1500, 2 chelsio-9000, 3 chelsio-1500 against the copy ceiling, 4
# chelsio-1500-both and 5 its reverse stream against the shared copy ceiling) and outbase.
set datafile missing "NaN"
set grid
set ylabel "TCP payload rate (Gb/s)"
set yrange [0:8]
set xrange [-0.6:4.6]
set xtics ("S2io, 9000 B" 0, "S2io, 1500 B" 1, "Chelsio TOE, 9000 B" 2, "Chelsio TOE, 1500 B" 3, "TOE both ways, 1500 B (each)" 4)
set key top left font ",9"
set title "10 GbE TCP back to back, SC2004 Sun V20z (2.4 GHz Opteron): host model"
do for [t in "png pdf"] {
  if (t eq "png") { set terminal pngcairo size 900,620 font ",10"; set output outbase.".png" }
  if (t eq "pdf") { set terminal pdfcairo size 6.4in,4.6in font ",9"; set output outbase.".pdf" }
  plot datadir."/checks.dat" using (int($1) <= 1 ? $1 : NaN):($3 / 1000) with points pt 4 ps 2.5 lc rgb "#1f77b4" title "receiving CPU's ceiling (closed form)", \
       datadir."/checks.dat" using (int($1) >= 2 && int($1) <= 3 ? $1 : NaN):($3 / 1000) with points pt 6 ps 2.5 lc rgb "#2ca02c" title "copy ceiling (M, estimated)", \
       datadir."/checks.dat" using (int($1) == 4 ? 4 : NaN):($3 / 1000) with points pt 8 ps 2.5 lc rgb "#9467bd" title "one processor copying both ways (M / 2)", \
       datadir."/checks.dat" using (int($1) <= 3 ? $1 : (int($1) <= 5 ? 4 : NaN)):($6 / 1000) with points pt 7 ps 1.1 lc rgb "#d62728" title "model"
}
