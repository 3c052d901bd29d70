# 10 GbE UDP, 16080 B datagrams at 16144 B MTU, against the PCI-X maximum memory read byte
# count: the model's rate at the receiver, the bus-only rates (the frame's DMA read alone,
# and the sender's whole bus work per datagram) and the study's points at mmrbc 512 (the
# calibration 2.9 Gb/s and the 7 Gb/s PCI-X expectation); the 1500 B MTU rate beside them.
# Called by `hybridnet report` with datadir (checks.dat: index label measured min max sim
# ci_low ci_high) and outbase. Rows: 0 udp-16144, 1 udp-1500, 2 pcix-timing, 3 pcix-gap,
# 4 receiver-cpu-bound, 5-8 below-bus-512..4096, 9-11 bus-timing-1024..4096.
set datafile missing "NaN"
set grid
set logscale x 2
set xrange [360:5800]
set xtics ("512" 512, "1024" 1024, "2048" 2048, "4096" 4096)
set xlabel "PCI-X maximum memory read byte count, mmrbc (B)"
set ylabel "rate (Gb/s)"
set yrange [0:10]
set key right center inside font ",9" spacing 1.1
row(i, lo, hi) = (int($1) >= lo && int($1) <= hi)
ceilingX(i) = 512 * 2**(i - 5)
timingX(i) = i == 2 ? 512 : 1024 * 2**(i - 9)
set title "10 GbE UDP between 2.2 GHz Xeons on 64-bit/133 MHz PCI-X: study vs host and NIC model"
do for [t in "png pdf"] {
  if (t eq "png") { set terminal pngcairo size 900,620 font ",10"; set output outbase.".png" }
  if (t eq "pdf") { set terminal pdfcairo size 6.4in,4.6in font ",9"; set output outbase.".pdf" }
  plot datadir."/checks.dat" using (row(0, 2, 2) || row(0, 9, 11) ? timingX(int($1)) : NaN):($6 / 1000) with linespoints pt 5 lw 2 lc rgb "#ff7f0e" title "model bus timing: 8 P / DMA read of the frame", \
       datadir."/checks.dat" using (row(0, 5, 8) ? ceilingX(int($1)) : NaN):($3 / 1000) with linespoints pt 4 dt 2 lw 2 lc rgb "#ff7f0e" title "bus-only ceiling: descriptors, frame, write-back", \
       datadir."/checks.dat" using (row(0, 5, 8) ? ceilingX(int($1)) : NaN):($6 / 1000):($7 / 1000):($8 / 1000) with yerrorlines pt 7 lw 2 lc rgb "#d62728" title "model UDP rate at the receiver (95 % CI)", \
       datadir."/checks.dat" using (row(0, 2, 2) ? 512 : NaN):($3 / 1000) with points pt 6 ps 2.5 lw 2 lc rgb "#1f77b4" title "study: expected from PCI-X timing, 7 Gb/s", \
       datadir."/checks.dat" using (row(0, 0, 0) ? 512 : NaN):($3 / 1000) with points pt 9 ps 2.5 lc rgb "#1f77b4" title "study: measured 2.9 Gb/s (calibration)", \
       datadir."/checks.dat" using (row(0, 1, 1) ? 430 : NaN):($3 / 1000) with points pt 8 ps 2 lw 2 lc rgb "#2ca02c" title "study: 1500 B MTU, about 2 Gb/s", \
       datadir."/checks.dat" using (row(0, 1, 1) ? 430 : NaN):($6 / 1000) with points pt 7 ps 1.2 lc rgb "#2ca02c" title "model: 1500 B MTU"
}
