# Issue 22's workload per mode (first quick replication): completion-time distributions of
# the mice and the elephants (cumulative fractions); the packet WAN's bottleneck
# utilisation per second; the rate the lightpaths carried per second beside the capacity
# held (circuits held x the lightpath's 1 Gb/s): the holding efficiency is the one area
# over the other. Called by `hybridnet report` with datadir (<variant>-transfers.dat: id
# start size delivered completed fct elephant; <variant>-utilisation.dat: time bottleneck
# circuitRate circuitsHeld) and outbase.
set datafile missing "NaN"
set grid
modes = "packet on-demand on-demand-hints booked"
titles = "'packet WAN' 'on demand (detected)' 'on demand (size hints)' 'booked ahead'"
colours = "#7f7f7f #d62728 #ff7f0e #1f77b4"
do for [t in "png pdf"] {
  if (t eq "png") { set terminal pngcairo size 1200,900 font ",10"; set output outbase.".png" }
  if (t eq "pdf") { set terminal pdfcairo size 8.5in,6.4in font ",8"; set output outbase.".pdf" }
  set multiplot layout 2,2 title "Transfers between two campuses, 100 Mb/s packet WAN with cross traffic, T_{up} = 0.6 s (model)"
  set logscale x
  set key bottom right font ",9"
  set ylabel "fraction of transfers"
  set yrange [0:1.02]
  set xlabel "completion time (s)"
  set title "Mice (under 10 MB)"
  plot for [i=1:4] datadir."/".word(modes, i)."-transfers.dat" using ($7 == 0 && $5 == 1 ? $6 : NaN):(1) smooth cnormal with steps lw 2 lc rgb word(colours, i) title word(titles, i)
  set title "Elephants (10 MB and more)"
  plot for [i=1:4] datadir."/".word(modes, i)."-transfers.dat" using ($7 == 1 && $5 == 1 ? $6 : NaN):(1) smooth cnormal with steps lw 2 lc rgb word(colours, i) title word(titles, i), \
       for [i=1:4] datadir."/".word(modes, i)."-transfers.dat" using ($7 == 1 ? $6 : NaN):(0.02 * i) with points pt 7 lc rgb word(colours, i) notitle
  unset logscale x
  set xlabel "time (s)"
  set xrange [0:*]
  set title "The packet WAN's bottleneck, per second"
  set ylabel "utilisation"
  set yrange [0:1.05]
  set key bottom left font ",9"
  plot for [i=1:4] datadir."/".word(modes, i)."-utilisation.dat" using 1:2 with steps lw 2 lc rgb word(colours, i) title word(titles, i)
  set title "The lightpaths, per second: carried (solid), held x 1 Gb/s (dashed; two trunks)"
  set ylabel "rate (Mb/s)"
  set yrange [0:2300]
  set key top right font ",9"
  plot for [i=2:4] datadir."/".word(modes, i)."-utilisation.dat" using 1:3 with steps lw 2 lc rgb word(colours, i) title word(titles, i), \
       for [i=2:4] datadir."/".word(modes, i)."-utilisation.dat" using 1:($4 * 1000) with steps dt 2 lc rgb word(colours, i) notitle
  unset multiplot
}
