# SC2003 bandwidth challenge, one flow from the Phoenix booth: top, the study's rates to
# PAIX (HighSpeed 4.37, Scalable 3.3 Gb/s) beside the model's goodput (2.2 GHz Xeons at both
# ends) and the host model's receive ceiling; middle, the what-if of the link filling: the
# PAIX HighSpeed flow's goodput beside 0-8 Gb/s of constant-rate UDP, under what the link
# leaves and the host's ceiling; bottom, the model's cwnd and pipe over time (Web100-style
# samples). Called by `hybridnet report` with datadir (checks.dat: index label measured min
# max sim ci_low ci_high; rows 0 paix-highspeed, 1 paix-scalable, 2-4 the ceiling checks of
# paix-highspeed, paix-scalable, starlight-highspeed, 5 udp-6g-unaffected (a ratio to row
# 2), 6 udp-7500m-below-leftover, 7 udp-8g-below-leftover, 8 two-flows-no-gain, 9
# two-flows-below-host; and <variant>-web100Flow1.dat: time state congState cwnd ssthresh
# pipe ..., bytes) and outbase.
set datafile missing "NaN"
# row 2: the PAIX HighSpeed flow alone (sim) and the host ceiling (reference), before any range
stats datadir."/checks.dat" every ::2::2 using 6 nooutput
alone = STATS_max
stats datadir."/checks.dat" every ::2::2 using 3 nooutput
ceiling = STATS_max
set grid
do for [t in "png pdf"] {
  if (t eq "png") { set terminal pngcairo size 1000,1250 font ",10"; set output outbase.".png" }
  if (t eq "pdf") { set terminal pdfcairo size 7.2in,9in font ",9"; set output outbase.".pdf" }
  set multiplot layout 3,1
  set title "SC2003, Phoenix to PAIX (17 ms) and StarLight (65 ms), 10 GbE, 9000 B MTU: one flow"
  set ylabel "rate (Gb/s)"
  set yrange [0:5]
  set xrange [-0.6:2.6]
  set xtics ("PAIX, HighSpeed" 0, "PAIX, Scalable" 1, "StarLight, HighSpeed" 2)
  set key top right font ",9"
  plot datadir."/checks.dat" using (int($1) <= 1 ? $1 : NaN):($3 / 1000) with points pt 9 ps 2.5 lc rgb "#1f77b4" title "study (measured)", \
       datadir."/checks.dat" using (int($1) >= 2 && int($1) <= 4 ? $1 - 2 : NaN):($6 / 1000) with points pt 7 ps 2 lc rgb "#d62728" title "model: goodput, 2.2 GHz Xeons at both ends", \
       datadir."/checks.dat" using (int($1) >= 2 && int($1) <= 4 ? $1 - 2 : NaN):($3 / 1000) with points pt 4 ps 2 lc rgb "#7f7f7f" title "host model's receive ceiling (CPU: copy + per-packet work)"
  leftover(x) = (10000 - x * 1000 * 9002 / 8972) * 8948 / 9002 / 1000
  set title "what-if: the PAIX link filling with other traffic (constant-rate UDP beside one HighSpeed flow)"
  set xlabel "other traffic on the 10 Gb/s link (Gb/s)"
  set ylabel "flow's goodput (Gb/s)"
  set xrange [-0.3:9]
  set yrange [0:4.5]
  set xtics autofreq
  set key top right font ",9"
  set samples 200
  plot 2.87 with lines lw 2 lc rgb "#1f77b4" title "study (measured): 2.87 Gb/s 'when the 10 G link filled' (amount not given)", \
       leftover(x) with lines dt 2 lc rgb "#7f7f7f" title "what the link leaves (first principles)", \
       ceiling / 1000 with lines dt 3 lc rgb "#7f7f7f" title "host model's receive ceiling", \
       datadir."/checks.dat" using (int($1) == 2 ? 0 : int($1) == 5 ? 6 : int($1) == 6 ? 7.5 : int($1) == 7 ? 8 : NaN):(int($1) == 5 ? $6 * alone / 1000 : $6 / 1000) with linespoints pt 7 ps 1.5 lc rgb "#d62728" title "model: HighSpeed flow, 2.2 GHz Xeons"
  set title "model: congestion window (Web100-style samples)"
  set xlabel "time (s)"
  set ylabel "MB"
  set autoscale x
  set xtics autofreq
  set yrange [0:*]
  set key bottom right font ",9"
  plot datadir."/paix-highspeed-web100Flow1.dat" using 1:($4 / 1e6) with lines lw 1.5 lc rgb "#ff7f0e" title "PAIX, HighSpeed: cwnd", \
       datadir."/paix-scalable-web100Flow1.dat" using 1:($4 / 1e6) with lines lw 1.5 dt 2 lc rgb "#2ca02c" title "PAIX, Scalable: cwnd", \
       datadir."/starlight-highspeed-web100Flow1.dat" using 1:($4 / 1e6) with lines lw 1.5 lc rgb "#9467bd" title "StarLight, HighSpeed: cwnd", \
       datadir."/paix-highspeed-web100Flow1.dat" using 1:($6 / 1e6) with lines lw 1 lc rgb "#8c564b" title "PAIX, HighSpeed: pipe (bytes in flight)"
  unset multiplot
}
