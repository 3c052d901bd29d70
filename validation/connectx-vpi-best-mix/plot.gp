# The ConnectX VPI study's two headline ratios (best mix over lowest common denominator)
# beside the model's, and the aggregate bandwidth against the PCIe ceiling. Called by
# `hybridnet report` with datadir (checks.dat: index label measured min max sim ci_low
# ci_high) and outbase. Rows: 0 bandwidth-gain, 1 latency-drop, 2 aggregate-below-pcie,
# 3 ports-independent.
set datafile missing "NaN"
set grid ytics
set style fill solid 0.8 border -1
set boxwidth 0.35
set key top left font ",9"
set xtics ("bandwidth: best / LCD" 0, "latency: best / LCD" 1)
set xrange [-0.6:1.6]
set ylabel "ratio (best mix / lowest common denominator)"
set logscale y
set yrange [0.1:10]
set title "ConnectX VPI: best mix against the lowest common denominator (study vs model)"
do for [t in "png pdf"] {
  if (t eq "png") { set terminal pngcairo size 900,560 font ",10"; set output outbase.".png" }
  if (t eq "pdf") { set terminal pdfcairo size 6.4in,4in font ",9"; set output outbase.".pdf" }
  plot datadir."/checks.dat" using (int($1) <= 1 ? $1 - 0.18 : NaN):3 with boxes lc rgb "#1f77b4" title "study (about)", \
       datadir."/checks.dat" using (int($1) <= 1 ? $1 + 0.18 : NaN):6 with boxes lc rgb "#d62728" title "model", \
       1 with lines dt 2 lc rgb "black" notitle
}
