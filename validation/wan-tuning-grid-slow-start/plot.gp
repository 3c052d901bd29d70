# Slow start on the LBNL-ANL path (539 Mb/s, rtt 50 ms): cwnd and bytes acknowledged over
# time (Web100 samples every 2 ms) with per-ACK growth (TcpNewReno, x 1.5 per round trip
# with delayed ACKs, as Linux 2.2-2.6 without ABC) and per-segment growth (TcpLinuxReno,
# doubling), the 1.7 MB the study says must be in flight, and the first-principles
# windows and byte counts that the checks compare at the end of runs stopped between
# rounds. Called by `hybridnet report` with datadir (checks.dat; x15-round-12-web100Flow1.dat
# and x2-round-8-web100Flow1.dat: time state congState cwnd ssthresh pipe rwnd srtt rttvar
# rto bytesAcked ...) and outbase. checks.dat rows: 0 bdp-study, 1 bdp-one-way, 2 bdp-path,
# 3 x15-not-open-11, 4 x15-cwnd-11, 5 x15-open-12, 6 x15-cwnd-12, 7 x15-bytes,
# 8 x2-not-open-7, 9 x2-cwnd-7, 10 x2-open-8, 11 x2-cwnd-8, 12 x2-bytes.
set datafile missing "NaN"
set grid ytics mytics xtics
set logscale y
set yrange [0.01:6]
set xrange [0:0.72]
set xlabel "time since the first SYN (s); one round trip is 50 ms"
set ylabel "MB (10^6 B)"
set key bottom right font ",8" spacing 1.0
cwndT(i) = i == 4 ? 0.64 : i == 6 ? 0.69 : i == 9 ? 0.44 : i == 11 ? 0.49 : NaN
bytesT(i) = i == 7 ? 0.66 : i == 12 ? 0.46 : NaN
set title "Slow start to 1.7 MB on LBNL-ANL (OC-12, 50 ms): per-ACK (x1.5) vs per-segment (x2) growth"
do for [t in "png pdf"] {
  if (t eq "png") { set terminal pngcairo size 900,580 font ",10"; set output outbase.".png" }
  if (t eq "pdf") { set terminal pdfcairo size 6.4in,4.1in font ",9"; set output outbase.".pdf" }
  plot 1.7 with lines dt 2 lw 2 lc rgb "#1f77b4" title "study: 1.7 MB must be in flight", \
       datadir."/x15-round-12-web100Flow1.dat" using 1:($4 / 1e6) with steps lw 2 lc rgb "#d62728" title "model cwnd, +1 segment per ACK (TcpNewReno): 12 rounds", \
       datadir."/x15-round-12-web100Flow1.dat" using 1:($11 / 1e6) with steps dt 3 lw 2 lc rgb "#d62728" title "model bytes acknowledged, TcpNewReno", \
       datadir."/x2-round-8-web100Flow1.dat" using 1:($4 / 1e6) with steps lw 2 lc rgb "#2ca02c" title "model cwnd, +1 segment per segment acked (TcpLinuxReno): 8 rounds", \
       datadir."/x2-round-8-web100Flow1.dat" using 1:($11 / 1e6) with steps dt 3 lw 2 lc rgb "#2ca02c" title "model bytes acknowledged, TcpLinuxReno", \
       datadir."/checks.dat" using (cwndT(int($1))):($3 / 1e6) with points pt 4 ps 2 lw 2 lc rgb "#ff7f0e" title "first principles: cwnd after 11/12 (x1.5) and 7/8 (x2) rounds", \
       datadir."/checks.dat" using (bytesT(int($1))):($3 / 1e6) with points pt 8 ps 2 lw 2 lc rgb "#ff7f0e" title "first principles: bytes sent before the opening round"
}
