# TCP sharing on one 100 Mb/s bottleneck (what-if).  Top left: goodput share of the 10, 80
# and 180 ms flows per stack (model, quick level: filled; 16-minute runs of the full level:
# open, when run) against the RTT-unfairness model throughput ~ (RTT + q)^-k: k = 1 with the
# queue full (unsynchronized losses, the least unfair) and k = 2 with it empty (Reno,
# synchronized losses).  Other panels: cwnd of the two flows of the convergence runs
# (10 ms, flow 2 from 5 s) per stack; FAST with SACK and a 600-packet queue (above
# 2 alpha).  Called by `hybridnet report` with datadir (checks.dat rows:
# 0-2 conv-*, 3-5 rtt-reno shares 10/80/180 ms, 6-8 rtt-highspeed, 9-11 rtt-scalable, 12
# reno ratio, 13-14 vs reno, 15-17 conv80-*, 18-26 rtt16min-* shares, 27-29 ratios,
# 30-32 conv-htcp, conv-bic, conv-fast-q600-sack, 33 its late share, 34-36 rtt-htcp
# shares, 37-39 rtt-bic, 40-42 rtt-fast-q700-sack, 43 its Jain, 44-45 BIC orderings,
# 46 conv-fast, 47-49 rtt-fast shares (full level), 50-51 H-TCP orderings) and outbase.
set datafile missing "NaN"
rtt(i) = i == 0 ? 10 : (i == 1 ? 80 : 180)
qmax = 167 * 1502 * 8 / 100e6 * 1e3
w(r, k, q) = (r + q) ** (-k)
share(r, k, q) = w(r, k, q) / (w(10, k, q) + w(80, k, q) + w(180, k, q))
x(i) = rtt(int($1) % 3)
x1(i) = rtt((int($1) - 34) % 3)
$RTT << EOD
10
80
180
EOD
do for [t in "png pdf"] {
  if (t eq "png") { set terminal pngcairo size 1800,800 font ",10"; set output outbase.".png" }
  if (t eq "pdf") { set terminal pdfcairo size 12in,5.4in font ",8"; set output outbase.".pdf" }
  set multiplot layout 2,4 title "TCP sharing tests on one 100 Mb/s bottleneck (what-if, first-principles checks)"
  set grid
  set logscale xy
  set xrange [7:260]
  set yrange [0.002:1.2]
  set xtics (10, 80, 180)
  set xlabel "propagation RTT (ms)"
  set ylabel "goodput share of three flows"
  set key bottom left font ",8" spacing 0.9
  set title "RTT unfairness: 10, 80, 180 ms flows together"
  plot $RTT using 1:(share($1, 1, qmax)) with lines dt 2 lw 2 lc rgb "#7f7f7f" title "model k = 1, queue full", \
       $RTT using 1:(share($1, 2, 0)) with lines dt 3 lw 2 lc rgb "#000000" title "model k = 2 (Reno, sync.), queue empty", \
       datadir."/checks.dat" every ::3::5 using (x(0)):6 with linespoints pt 7 lw 2 lc rgb "#1f77b4" title "Reno", \
       datadir."/checks.dat" every ::6::8 using (x(0)):6 with linespoints pt 5 lw 2 lc rgb "#ff7f0e" title "HighSpeed", \
       datadir."/checks.dat" every ::9::11 using (x(0)):6 with linespoints pt 9 lw 2 lc rgb "#d62728" title "Scalable", \
       datadir."/checks.dat" every ::34::36 using (x1(0)):6 with linespoints pt 11 lw 2 lc rgb "#e377c2" title "H-TCP", \
       datadir."/checks.dat" every ::37::39 using (x1(0)):6 with linespoints pt 13 lw 2 lc rgb "#9467bd" title "BIC", \
       datadir."/checks.dat" every ::40::42 using (x1(0)):6 with linespoints pt 3 lw 2 lc rgb "#8c564b" title "FAST, SACK, queue 700 > 3 alpha", \
       datadir."/checks.dat" every ::47::49 using (rtt(int($1) - 47)):6 with linespoints pt 2 dt 2 lc rgb "#8c564b" title "FAST, SACK off, queue 167 (full level)", \
       datadir."/checks.dat" every ::18::20 using (x(0)):6 with linespoints pt 6 dt 4 lc rgb "#1f77b4" notitle, \
       datadir."/checks.dat" every ::21::23 using (x(0)):6 with linespoints pt 4 dt 4 lc rgb "#ff7f0e" notitle, \
       datadir."/checks.dat" every ::24::26 using (x(0)):6 with linespoints pt 8 dt 4 lc rgb "#d62728" notitle
  unset logscale
  set xrange [0:40]
  set autoscale y
  set yrange [0:*]
  set xtics autofreq
  set xlabel "time (s)"
  set ylabel "cwnd (segments of 1448 B)"
  set key top right font ",8"
  do for [s in "reno highspeed scalable htcp bic fast-q600-sack"] {
    set title "two ".s." flows, 10 ms, flow 2 from 5 s: cwnd"
    plot datadir."/conv-".s."-web100Flow1.dat" using 1:($2 / 1448) with lines lw 1.5 lc rgb "#1f77b4" title "flow 1", \
         datadir."/conv-".s."-web100Flow2.dat" using 1:($2 / 1448) with lines lw 1.5 lc rgb "#d62728" title "flow 2"
  }
  unset multiplot
}
