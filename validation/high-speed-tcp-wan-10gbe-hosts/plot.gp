# 10 GbE UDP on the study's other 10 GbE hosts against the PCI-X maximum memory read byte
# count: the model's rate at the receiver (its prediction) and the sender's bus-only
# ceiling, per host. Called by `hybridnet report` with datadir (checks.dat: index label
# measured min max sim ci_low ci_high) and outbase. Rows: 0-3 below-bus-itanium-512..4096,
# 4 receiver-cpu-bound-itanium, 5-8 below-bus-xeon3-*, 9 its CPU, 10-13 below-bus-opteron-*,
# 14 its CPU.
set datafile missing "NaN"
set grid
set logscale x 2
set xrange [400:5200]
set xtics ("512" 512, "1024" 1024, "2048" 2048, "4096" 4096)
set xlabel "PCI-X maximum memory read byte count, mmrbc (B)"
set ylabel "rate (Gb/s)"
set yrange [0:10]
set key right bottom inside font ",9" spacing 1.1
on(first) = (int($1) >= first && int($1) <= first + 3)
mmrbc(first) = 512 * 2**(int($1) - first)
set title "10 GbE UDP on the study's other 10 GbE hosts: model prediction and bus ceiling"
do for [t in "png pdf"] {
  if (t eq "png") { set terminal pngcairo size 900,620 font ",10"; set output outbase.".png" }
  if (t eq "pdf") { set terminal pdfcairo size 6.4in,4.6in font ",9"; set output outbase.".pdf" }
  plot datadir."/checks.dat" using (on(0) ? mmrbc(0) : NaN):($3 / 1000) with linespoints pt 4 dt 2 lw 2 lc rgb "#1f77b4" title "bus ceiling, 16080 B datagrams (Intel PRO/10GbE LR hosts)", \
       datadir."/checks.dat" using (on(10) ? mmrbc(10) : NaN):($3 / 1000) with linespoints pt 4 dt 2 lw 2 lc rgb "#2ca02c" title "bus ceiling, 8972 B datagrams (Opteron, S2io)", \
       datadir."/checks.dat" using (on(0) ? mmrbc(0) : NaN):($6 / 1000) with linespoints pt 7 lw 2 lc rgb "#1f77b4" title "model: HP rx2600, 1.0 GHz Itanium 2, 16144 B MTU", \
       datadir."/checks.dat" using (on(5) ? mmrbc(5) : NaN):($6 / 1000) with linespoints pt 5 lw 2 lc rgb "#d62728" title "model: Dell, 3.0 GHz Xeon, 16144 B MTU", \
       datadir."/checks.dat" using (on(10) ? mmrbc(10) : NaN):($6 / 1000) with linespoints pt 9 lw 2 lc rgb "#2ca02c" title "model: Sun V20z, 2.4 GHz Opteron, 9000 B MTU"
}
