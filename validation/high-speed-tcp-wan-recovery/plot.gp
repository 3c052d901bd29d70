# Recovery from injected drops, Web100-style cwnd against time (the study's plots): top,
# MB-NG (1 Gb/s, rtt 6.2 ms) with 1 drop in 25,000 segments for standard TCP, HighSpeed and
# Scalable, and standard TCP with 1 drop in 99,846 segments, whose sawtooth tops at the
# 516-segment pipe and lasts the recovery time (first principles 1.600 s, the study about
# 1.6 s); bottom, DataTAG (rtt 128 ms) with 1 drop in 10^6 at 1 Gb/s when the full level has
# run, else the quick proxy (100 Mb/s, 1 drop in 10^5). Called by `hybridnet report` with
# datadir (checks.dat and <variant>-web100Flow1.dat: time state congState cwnd ssthresh
# pipe ..., cwnd in bytes) and outbase.
set datafile missing "NaN"
set grid
set key top right font ",8"
mss = 1448.0
fileok(f) = int(system(sprintf("test -s '%s' && echo 1 || echo 0", f)))
dt = fileok(datadir."/datatag-reno-web100Flow1.dat") ? "datatag" : "datatag-proxy"
dtpipe = dt eq "datatag" ? 1e9 * 0.128 / 8 / 1502 : 1e8 * 0.128 / 8 / 1502
dtlabel = dt eq "datatag" ? "DataTAG, 1 Gb/s, rtt 128 ms, 1 drop in 10^6" \
                          : "DataTAG proxy (quick): 100 Mb/s, rtt 128 ms, 1 drop in 10^5"
do for [t in "png pdf"] {
  if (t eq "png") { set terminal pngcairo size 1000,900 font ",10"; set output outbase.".png" }
  if (t eq "pdf") { set terminal pdfcairo size 7.2in,6.5in font ",9"; set output outbase.".pdf" }
  set multiplot layout 2,1
  set title "MB-NG, 1 Gb/s, rtt 6.2 ms: cwnd after injected drops (model, Web100-style samples)"
  set xlabel "time (s)"
  set ylabel "cwnd (segments)"
  set xrange [0:16]
  set yrange [0:1200]
  plot 516 with lines dt 2 lc rgb "#7f7f7f" title "pipe: 1 Gb/s x 6.2 ms = 516 segments", \
       datadir."/mbng-reno-full-window-web100Flow1.dat" using 1:($4 / mss) with lines lw 1.5 lc rgb "#9467bd" title "standard, 1 in 99,846: sawtooth W/2 -> W = pipe (recovery 258 RTTs = 1.6 s)", \
       datadir."/mbng-reno-n25000-web100Flow1.dat" using 1:($4 / mss) with lines lw 1.5 lc rgb "#1f77b4" title "standard (TcpLinuxReno), 1 in 25,000", \
       datadir."/mbng-highspeed-n25000-web100Flow1.dat" using 1:($4 / mss) with lines lw 1.5 lc rgb "#ff7f0e" title "HighSpeed (TcpHighSpeedLinux), 1 in 25,000", \
       datadir."/mbng-scalable-n25000-web100Flow1.dat" using 1:($4 / mss) with lines lw 1.5 lc rgb "#2ca02c" title "Scalable (TcpScalableLinux), 1 in 25,000"
  set title dtlabel.": cwnd after injected drops"
  set autoscale x
  set autoscale y
  set yrange [0:*]
  plot dtpipe with lines dt 2 lc rgb "#7f7f7f" title sprintf("pipe: %.0f segments", dtpipe), \
       datadir."/".dt."-reno-web100Flow1.dat" using 1:($4 / mss) with lines lw 1.5 lc rgb "#1f77b4" title "standard (TcpLinuxReno)", \
       datadir."/".dt."-highspeed-web100Flow1.dat" using 1:($4 / mss) with lines lw 1.5 lc rgb "#ff7f0e" title "HighSpeed (TcpHighSpeedLinux)", \
       datadir."/".dt."-scalable-web100Flow1.dat" using 1:($4 / mss) with lines lw 1.5 lc rgb "#2ca02c" title "Scalable (TcpScalableLinux)"
  unset multiplot
}
