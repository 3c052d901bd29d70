# Socket-buffer tuning: one TCP stream on the LAN (rtt 1 ms, 1 Gb/s) and the WAN (rtt 50 ms,
# 539 Mb/s) with 64 KB and 512 KB buffers (Linux 2.6 semantics), the literal reading of
# 64 KB as the window, and WAN autotuning at Linux 2.6's defaults: the study's two rates,
# the first-principles window / RTT (or link) rows and the model's goodput, log scale.
# Called by `hybridnet report` with datadir (checks.dat: index label measured min max sim
# ci_low ci_high) and outbase. Rows: 0 lan-64k, 1 wan-64k, 2 lan-64k-below-window,
# 3 lan-64k-window, 4 wan-64k-window, 5 lan-64k-literal, 6 wan-64k-literal,
# 7 wan-autotuning, 8 lan-512k-ceiling, 9 wan-512k-window, 10 wan-512k-gain.
set datafile missing "NaN"
set grid ytics mytics
set logscale y
set yrange [5:2000]
set xrange [0.4:7.6]
set bmargin 4.5
set xtics ("LAN\n64 KB" 1, "WAN\n64 KB" 2, "LAN\n512 KB" 3, "WAN\n512 KB" 4, "LAN 64 KB\nas window" 5, "WAN 64 KB\nas window" 6, "WAN\nautotuning" 7)
set ylabel "goodput of one stream (Mb/s)"
set key top right font ",9" spacing 1.1
x(i) = (i == 0 || i == 3) ? 1 : (i == 1 || i == 4) ? 2 : i == 8 ? 3 : i == 9 ? 4 : i == 5 ? 5 : i == 6 ? 6 : i == 7 ? 7 : NaN
fp(i) = (i >= 3 && i <= 9) ? x(i) : NaN
study(i) = (i <= 1) ? x(i) : NaN
set title "Socket buffers tuned for the LAN or the WAN: study vs window/RTT vs model (no host model)"
do for [t in "png pdf"] {
  if (t eq "png") { set terminal pngcairo size 900,560 font ",10"; set output outbase.".png" }
  if (t eq "pdf") { set terminal pdfcairo size 6.4in,4.0in font ",9"; set output outbase.".pdf" }
  plot datadir."/checks.dat" using (fp(int($1))):3 with points pt 4 ps 2.2 lw 2 lc rgb "#ff7f0e" title "first principles: window / RTT (LAN 512 KB: link ceiling)", \
       datadir."/checks.dat" using (fp(int($1))):6 with points pt 7 ps 1.4 lc rgb "#d62728" title "model (wan-bulk-transfer, LfnTcpSocket)", \
       datadir."/checks.dat" using (study(int($1))):3 with points pt 9 ps 2.5 lc rgb "#1f77b4" title "study: 264 and 44 Mb/s (64 KB buffers)"
}
