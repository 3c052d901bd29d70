# The study's expectations of a lightpath against the packet WAN beside the model's ratios
# (bytes delivered in the same 8 s). Called by `hybridnet report` with datadir (checks.dat:
# index label measured min max sim ci_low ci_high) and outbase. Rows: 0 lan-limit,
# 1 circuit-wins-congested, 2 streams-independent, 3 circuit-isolated.
set datafile missing "NaN"
set grid ytics
set style fill solid 0.8 border -1
set boxwidth 0.35
set key top left font ",9"
set xtics ("idle WAN:\ncircuit / packet" 0, "congested WAN:\ncircuit / packet" 1, "two lightpaths:\npair / one" 2, "lightpath:\ncongested / idle" 3)
set xrange [-0.6:3.6]
set ylabel "ratio of bytes delivered in 8 s"
set logscale y
set yrange [0.3:100]
set title "Lightpath against the packet WAN (study's expectation, at least / about; model)"
do for [t in "png pdf"] {
  if (t eq "png") { set terminal pngcairo size 900,560 font ",10"; set output outbase.".png" }
  if (t eq "pdf") { set terminal pdfcairo size 6.4in,4in font ",9"; set output outbase.".pdf" }
  plot datadir."/checks.dat" using ($1 - 0.18):3 with boxes lc rgb "#1f77b4" title "study's expectation", \
       datadir."/checks.dat" using ($1 + 0.18):6 with boxes lc rgb "#d62728" title "model", \
       1 with lines dt 2 lc rgb "black" notitle
}
