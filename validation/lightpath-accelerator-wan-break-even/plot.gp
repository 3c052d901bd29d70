# The break-even size of an on-demand lightpath. Top: completion times of a 4 MB and a
# 32 MB transfer on the packet WAN alone, on demand with T_up = 2.6 s and 0.6 s, and on a
# lightpath booked ahead, beside the derived on-demand time (transfer on the packet path at
# its own average rate r_p until T_up, then at the lightpath's payload rate r_c).
# Bottom: the break-even size F_0 = r_p T_up against T_up (D = 0: sizes announced) for the
# two transfers' packet-path rates, and the four on-demand runs, filled where they won.
# Called by `hybridnet report` with datadir (<variant>-transfers.dat: id start size
# delivered completed fct elephant) and outbase.
set datafile missing "NaN"
fct(v) = system("awk '!/^#/ {print $6}' ".datadir."/".v."-transfers.dat")
p4 = fct("packet-4MB") + 0; s4 = fct("slow-4MB") + 0; f4 = fct("fast-4MB") + 0; r4 = fct("reserved-4MB") + 0
p32 = fct("packet-32MB") + 0; s32 = fct("slow-32MB") + 0; f32 = fct("fast-32MB") + 0; r32 = fct("reserved-32MB") + 0
rc = 1e9 * 1448 / 1538 / 8 / 1e6   # MB/s: 1 Gb/s Ethernet's TCP payload rate
ideal(F, rp, T) = (rp * T >= F) ? F / rp : T + (F - rp * T) / rc
set grid ytics
set style fill solid 0.8 border -1
set boxwidth 0.18
do for [t in "png pdf"] {
  if (t eq "png") { set terminal pngcairo size 900,900 font ",10"; set output outbase.".png" }
  if (t eq "pdf") { set terminal pdfcairo size 6.4in,6.4in font ",9"; set output outbase.".pdf" }
  set multiplot layout 2,1
  set title "One transfer beside a bulk TCP flow on a 100 Mb/s, 20 ms packet WAN (model)"
  set ylabel "completion time (s)"
  set xtics ("4 MB" 0, "32 MB" 1)
  set xrange [-0.6:1.6]
  set yrange [0:*]
  set key top left font ",9"
  plot "+" using (-0.3):(p4) every ::0::0 with boxes lc rgb "#7f7f7f" title "packet WAN", \
       "+" using (0.7):(p32) every ::0::0 with boxes lc rgb "#7f7f7f" notitle, \
       "+" using (-0.1):(s4) every ::0::0 with boxes lc rgb "#d62728" title "on demand, T_{up} = 2.6 s", \
       "+" using (0.9):(s32) every ::0::0 with boxes lc rgb "#d62728" notitle, \
       "+" using (0.1):(f4) every ::0::0 with boxes lc rgb "#ff9896" title "on demand, T_{up} = 0.6 s", \
       "+" using (1.1):(f32) every ::0::0 with boxes lc rgb "#ff9896" notitle, \
       "+" using (0.3):(r4) every ::0::0 with boxes lc rgb "#1f77b4" title "booked ahead", \
       "+" using (1.3):(r32) every ::0::0 with boxes lc rgb "#1f77b4" notitle, \
       "+" using (-0.1):(ideal(4, 4 / p4, 2.602)) every ::0::0 with points pt 3 ps 2 lc rgb "black" title "derived on demand: r_{p} until T_{up}, then r_{c}", \
       "+" using (0.9):(ideal(32, 32 / p32, 2.602)) every ::0::0 with points pt 3 ps 2 lc rgb "black" notitle, \
       "+" using (0.1):(ideal(4, 4 / p4, 0.602)) every ::0::0 with points pt 3 ps 2 lc rgb "black" notitle, \
       "+" using (1.1):(ideal(32, 32 / p32, 0.602)) every ::0::0 with points pt 3 ps 2 lc rgb "black" notitle
  set title "Break-even size F_{0} = r_{p} T_{up} (sizes announced: no detection delay)"
  set xlabel "lightpath set-up time T_{up} (s)"
  set ylabel "transfer size (MB)"
  set xtics autofreq
  set xrange [0:4]
  set yrange [0:40]
  set samples 100
  set key top left font ",9"
  plot (4 / p4) * x with lines lw 2 lc rgb "#7f7f7f" title sprintf("F_{0}, r_{p} = %.2f MB/s (the 4 MB transfer's)", 4 / p4), \
       (32 / p32) * x with lines lw 2 dt 2 lc rgb "#7f7f7f" title sprintf("F_{0}, r_{p} = %.2f MB/s (the 32 MB transfer's)", 32 / p32), \
       "+" using (2.602):(4):(s4 < 0.99 * p4 ? 7 : 6) every ::0::0 with points pt variable ps 2 lc rgb "#d62728" title "4 MB, 32 MB on demand (filled: faster than the packet WAN)", \
       "+" using (0.602):(4):(f4 < 0.99 * p4 ? 7 : 6) every ::0::0 with points pt variable ps 2 lc rgb "#d62728" notitle, \
       "+" using (2.602):(32):(s32 < 0.99 * p32 ? 7 : 6) every ::0::0 with points pt variable ps 2 lc rgb "#d62728" notitle, \
       "+" using (0.602):(32):(f32 < 0.99 * p32 ? 7 : 6) every ::0::0 with points pt variable ps 2 lc rgb "#d62728" notitle
  unset multiplot
}
