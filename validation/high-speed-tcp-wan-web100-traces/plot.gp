# Web100-style traces, one panel per stack (quick-level run of 5 s): cwnd and ssthresh
# (segments of 1448 B, left axis) and the cumulative duplicate ACKs received (right axis)
# over time, on the MB-NG-like path (1 Gb/s, 6.2 ms, queue one BDP, 1 drop in 25,000
# segments, SACK off). The panel title names the decrease per loss event the stack's
# specification gives (ssthresh after / cwnd before); README.md compares it with the
# series. Called by `hybridnet report` with datadir (<stack>-web100Flow1.dat, columns
# 1 time (s), 4 cwnd, 5 ssthresh (B), 16 dupAcksIn; checks.dat: timeouts, not drawn) and
# outbase. To add a stack, add its variant name and title to the two lists below.
set datafile missing "NaN"
stacks = "reno highspeed scalable htcp bic fast hstcplp"
titles = "'Reno (b = 1/2: 0.5)' 'HighSpeed (RFC 3649 / Linux table: 1 - b(w), 0.617-0.637 at 316-495)' 'Scalable (7/8: 0.875)' 'H-TCP (beta 0.5: min RTT under 10 ms)' 'BIC (beta 819/1024: 0.80)' 'FAST (loss halves: 0.5)' 'HSTCP-LP (HighSpeed without queueing delay)'"
mss = 1448.0
do for [t in "png pdf"] {
  if (t eq "png") { set terminal pngcairo size 1900,820 font ",10"; set output outbase.".png" }
  if (t eq "pdf") { set terminal pdfcairo size 13.5in,5.8in font ",8"; set output outbase.".pdf" }
  set multiplot layout 2,4 title "Web100 traces per stack on MB-NG (1 Gb/s, 6.2 ms, 1 drop in 25,000, SACK off): cwnd, ssthresh and duplicate ACKs (what-if)"
  set grid
  set xrange [0:5]
  set yrange [0:2200]
  set y2range [0:*]
  set ytics nomirror
  set y2tics
  set xlabel "time (s)"
  set ylabel "cwnd, ssthresh (segments)"
  set y2label "duplicate ACKs received (cumulative)"
  set key top right font ",8"
  do for [i=1:words(stacks)] {
    s = word(stacks, i)
    set title word(titles, i)
    plot datadir."/".s."-web100Flow1.dat" using 1:($4 / mss) with lines lw 1.5 lc rgb "#1f77b4" title "cwnd", \
         datadir."/".s."-web100Flow1.dat" using 1:($5 / mss < 4000 ? $5 / mss : NaN) with lines lw 1 dt 2 lc rgb "#2ca02c" title "ssthresh", \
         datadir."/".s."-web100Flow1.dat" using 1:16 axes x1y2 with lines lw 1.5 lc rgb "#d62728" title "duplicate ACKs (right)"
  }
  unset multiplot
}
