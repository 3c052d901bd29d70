# pchar and pipechar on the ten-hop LBNL-CERN path: each hop's estimate against its link's
# rate (the path file's), from an ideal measuring host (bare node, 1 us clock) and from a
# PC of the time (farm-pentium-800). Called by `hybridnet report` with datadir
# (<variant>-hops.dat: hop rate delay estimate error ...) and outbase.
set datafile missing "NaN"
set grid ytics xtics
set xrange [0.5:10.5]
set yrange [-900:2100]
set xtics 1
set xlabel "hop (TTL): 1-2 LBL, 3-5 ESnet OC-12, 6 transatlantic, 7-9 CERN, 10 far host"
set ylabel "Mb/s"
set key top right font ",8" spacing 1.0
set title "Per-hop bandwidth: pchar and pipechar against the path's links (LBNL-CERN, 10 hops)"
do for [t in "png pdf"] {
  if (t eq "png") { set terminal pngcairo size 900,580 font ",10"; set output outbase.".png" }
  if (t eq "pdf") { set terminal pdfcairo size 6.4in,4.1in font ",9"; set output outbase.".pdf" }
  plot datadir."/pchar-ideal-hops.dat" using 1:2 with linespoints lw 3 pt 5 ps 1.2 lc rgb "#000000" title "path file: the link's rate (ground truth)", \
       datadir."/pchar-ideal-hops.dat" using 1:4 with linespoints lw 2 pt 7 lc rgb "#1f77b4" title "model pchar, ideal host (1 us clock)", \
       datadir."/pchar-pc-hops.dat" using 1:4 with linespoints lw 2 dt 2 pt 6 lc rgb "#1f77b4" title "model pchar, PC of the time (e1000 throttling)", \
       datadir."/pipechar-ideal-hops.dat" using 1:4 with linespoints lw 2 pt 9 lc rgb "#d62728" title "model pipechar, ideal host", \
       datadir."/pipechar-pc-hops.dat" using 1:4 with linespoints lw 2 dt 2 pt 8 lc rgb "#d62728" title "model pipechar, PC of the time", \
       0 with lines lw 1 lc rgb "#888888" notitle
}
