# The ConnectX VPI data center: throughput of IPoIB and SDP inside over 10 GbE inside
# (study: about 5 % more for the best mix, all three around 82-87 interactions per second)
# beside the model's. Called by `hybridnet report` with datadir (checks.dat: index label
# measured min max sim ci_low ci_high) and outbase. Rows: 0 throughput-gain, 1 spread-ipoib,
# 2 spread-sdp.
set datafile missing "NaN"
set grid ytics
set style fill solid 0.8 border -1
set boxwidth 0.35
set key top left font ",9"
set xtics ("SDP / 10 GbE:\nbest-mix gain" 0, "IPoIB / 10 GbE" 1, "SDP / 10 GbE" 2)
set xrange [-0.6:2.6]
set yrange [0.9:1.1]
set ylabel "data-center throughput over the 10 GbE configuration's"
set title "ConnectX VPI data center (study: value or 82/87 to 87/82; model with 95 % interval)"
do for [t in "png pdf"] {
  if (t eq "png") { set terminal pngcairo size 900,560 font ",10"; set output outbase.".png" }
  if (t eq "pdf") { set terminal pdfcairo size 6.4in,4in font ",9"; set output outbase.".pdf" }
  plot datadir."/checks.dat" using ($1 - 0.18):3 with boxes lc rgb "#1f77b4" title "study (value)", \
       datadir."/checks.dat" using ($1 - 0.18):4:5 with yerrorbars lc rgb "#1f77b4" pt -1 title "study (range)", \
       datadir."/checks.dat" using ($1 + 0.18):6 with boxes lc rgb "#d62728" title "model", \
       datadir."/checks.dat" using ($1 + 0.18):6:7:8 with yerrorbars lc rgb "black" pt -1 notitle, \
       1 with lines dt 2 lc rgb "black" notitle
}
