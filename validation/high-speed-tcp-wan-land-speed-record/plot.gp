# Land speed record path (433 ms, 10 GbE, 1500 B MTU, Chelsio T110 TOE at both ends): top,
# the model's goodput after the warmup beside the first-principles rates it should reach
# (the copy ceiling for one stream, 16 windows a round trip for the long run's streams);
# bottom, the single stream's Web100 cwnd and smoothed RTT over time. Called by `hybridnet
# report` with datadir (checks.dat: index label measured min max sim ci_low ci_high; rows
# 0 toe-single-stream, 1 toe-below-copy, 2 sixteen-streams;
# toe-single-stream-web100Flow1.dat: time state congState cwnd ssthresh pipe rwnd srtt ...)
# and outbase.
set datafile missing "NaN"
set grid
do for [t in "png pdf"] {
  if (t eq "png") { set terminal pngcairo size 1000,800 font ",10"; set output outbase.".png" }
  if (t eq "pdf") { set terminal pdfcairo size 7.2in,5.8in font ",9"; set output outbase.".pdf" }
  set multiplot layout 2,1
  set title "Land speed record path via Tokyo (433 ms), Sun V20z with Chelsio T110 TOE at both ends"
  set ylabel "TCP payload rate (Gb/s)"
  set yrange [0:8]
  set xrange [-0.6:1.6]
  set xtics ("one stream, 600 MB buffers" 0, "16 streams, 2 MB windows" 1)
  set key top right font ",9"
  plot datadir."/checks.dat" using (int($1) == 0 ? 0 : NaN):($3 / 1000) with points pt 6 ps 2.5 lc rgb "#2ca02c" title "copy ceiling (derived: M, estimated)", \
       datadir."/checks.dat" using (int($1) == 2 ? 1 : NaN):($3 / 1000) with points pt 4 ps 2.5 lc rgb "#1f77b4" title "16 windows a round trip (derived)", \
       datadir."/checks.dat" using (int($1) == 0 ? 0 : (int($1) == 2 ? 1 : NaN)):($6 / 1000) with points pt 7 ps 1.1 lc rgb "#d62728" title "model (after the warmup)"
  set title "model, one stream: Web100 samples"
  set xlabel "time (s)"
  set ylabel "cwnd (MB)"
  set y2label "smoothed RTT (ms)"
  set autoscale x
  set xtics autofreq
  set yrange [0:*]
  set y2range [0:*]
  set y2tics
  set key center right font ",9"
  plot datadir."/toe-single-stream-web100Flow1.dat" using 1:($4 / 1e6) with lines lw 1.5 lc rgb "#ff7f0e" title "cwnd", \
       datadir."/toe-single-stream-web100Flow1.dat" using 1:8 axes x1y2 with lines lw 1.5 lc rgb "#9467bd" title "srtt (right axis)"
  unset multiplot
}
