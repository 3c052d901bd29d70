# MB-NG iperf with HighSpeed TCP: top, the study's line speed beside the model's goodput and
# the 1 GbE ceiling; bottom, the model's Web100 cwnd and cumulative duplicate ACKs over time.
# Called by `hybridnet report` with datadir (checks.dat: index label measured min max sim
# ci_low ci_high; rows 0 line-speed, 1 below-ethernet; mbng-highspeed-web100Flow1.dat:
# time state congState cwnd ssthresh pipe rwnd srtt rttvar rto bytesAcked bytesReceived
# segmentsSent retransmits fastRetransmits dupAcksIn ...) and outbase.
set datafile missing "NaN"
set grid
do for [t in "png pdf"] {
  if (t eq "png") { set terminal pngcairo size 1000,800 font ",10"; set output outbase.".png" }
  if (t eq "pdf") { set terminal pdfcairo size 7.2in,5.8in font ",9"; set output outbase.".pdf" }
  set multiplot layout 2,1
  set title "MB-NG (6.2 ms), 1 GbE, HighSpeed TCP, SuperMicro dual 2.2 GHz Xeons at both ends"
  set ylabel "Mb/s"
  set yrange [900:960]
  set xrange [-0.6:0.6]
  set xtics ("iperf goodput" 0)
  set key bottom right font ",9"
  plot datadir."/checks.dat" using (int($1) == 0 ? 0 : NaN):3 with points pt 9 ps 2.5 lc rgb "#1f77b4" title "study (measured): line speed", \
       datadir."/checks.dat" using (int($1) == 0 ? 0 : NaN):6 with points pt 7 ps 2 lc rgb "#d62728" title "model", \
       941.48 with lines dt 2 lc rgb "#7f7f7f" title "1 GbE ceiling (TCP payload)"
  set title "model: Web100 samples"
  set xlabel "time (s)"
  set ylabel "cwnd (KB)"
  set y2label "duplicate ACKs (cumulative)"
  set autoscale x
  set xtics autofreq
  set yrange [0:*]
  set y2range [0:10]
  set y2tics
  set key center right font ",9"
  plot datadir."/mbng-highspeed-web100Flow1.dat" using 1:($4 / 1e3) with lines lw 1.5 lc rgb "#ff7f0e" title "cwnd", \
       datadir."/mbng-highspeed-web100Flow1.dat" using 1:16 axes x1y2 with lines lw 1.5 lc rgb "#2ca02c" title "duplicate ACKs in (right axis)"
  unset multiplot
}
