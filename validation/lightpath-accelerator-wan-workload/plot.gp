# Completion-time distributions of issue 22's workload per mode: the mice (top) and the
# elephants (bottom) of the first quick replication, as cumulative fractions. Called by
# `hybridnet report` with datadir (<variant>-transfers.dat: id start size delivered
# completed fct elephant) and outbase.
set datafile missing "NaN"
set grid
set logscale x
set key bottom right font ",9"
set ylabel "fraction of transfers"
set yrange [0:1.02]
modes = "packet on-demand on-demand-hints booked"
titles = "'packet WAN' 'on demand (detected)' 'on demand (size hints)' 'booked ahead'"
colours = "#7f7f7f #d62728 #ff7f0e #1f77b4"
do for [t in "png pdf"] {
  if (t eq "png") { set terminal pngcairo size 900,900 font ",10"; set output outbase.".png" }
  if (t eq "pdf") { set terminal pdfcairo size 6.4in,6.4in font ",9"; set output outbase.".pdf" }
  set multiplot layout 2,1
  set title "Mice (under 10 MB): completion time, 100 Mb/s packet WAN with cross traffic (model)"
  set xlabel "completion time (s)"
  plot for [i=1:4] datadir."/".word(modes, i)."-transfers.dat" using ($7 == 0 && $5 == 1 ? $6 : NaN):(1) smooth cnormal with steps lw 2 lc rgb word(colours, i) title word(titles, i)
  set title "Elephants (10 MB and more)"
  plot for [i=1:4] datadir."/".word(modes, i)."-transfers.dat" using ($7 == 1 && $5 == 1 ? $6 : NaN):(1) smooth cnormal with steps lw 2 lc rgb word(colours, i) title word(titles, i), \
       for [i=1:4] datadir."/".word(modes, i)."-transfers.dat" using ($7 == 1 ? $6 : NaN):(0.02 * i) with points pt 7 lc rgb word(colours, i) notitle
  unset multiplot
}
