# Benefit of the automatic offload (sender's total goodput with the epd/pfd over packet
# network only) for flows of 5 to 40 s, rate policy (calibrated: detection after about
# 4 s) and bytes policy (100 MB: detection after about 1 s at GigE).  Called by
# `hybridnet report` with datadir (checks.dat: rows rate-5s, bytes-5s, rate-10s, ...) and
# outbase.
set datafile missing "NaN"
set grid
set xlabel "flow duration (s)"
set ylabel "total goodput, automatic / packet only"
set logscale x 2
set xrange [4:50]
set yrange [0.9:1.6]
set key top left
dur(i) = 5 * 2 ** int(i / 2)
do for [t in "png pdf"] {
  if (t eq "png") { set terminal pngcairo size 800,480 font ",10"; set output outbase.".png" }
  if (t eq "pdf") { set terminal pdfcairo size 5.6in,3.4in font ",9"; set output outbase.".pdf" }
  set title "When does the offload pay off? Two flows from one sender (host and NIC model)"
  plot 1 with lines dt 2 lc rgb "#7f7f7f" title "no gain", \
       datadir."/checks.dat" every 2::0 using (dur($1)):6 with linespoints pt 7 lw 2 lc rgb "#d62728" title "rate policy (detection about 4 s)", \
       datadir."/checks.dat" every 2::0 using (dur($1)):6:7:8 with yerrorbars pt 7 lc rgb "#d62728" notitle, \
       datadir."/checks.dat" every 2::1 using (dur($1)):6 with linespoints pt 5 lw 2 lc rgb "#1f77b4" title "bytes policy (100 MB)", \
       datadir."/checks.dat" every 2::1 using (dur($1)):6:7:8 with yerrorbars pt 5 lc rgb "#1f77b4" notitle
}
