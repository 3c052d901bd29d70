# Lifelines of eight blocks in mid-transfer (blocks 512-519 of 1024 of 64 KiB) through the
# pipeline's eight stage events, for a server that pauses 0.2 ms after each send (top) and
# one that pauses 2 ms (bottom), on the tuned LBNL-ANL path (50 ms round trip). Time from
# block 512's production. Called by `hybridnet report` with datadir (<variant>-blocks.dat:
# block produceStart produceEnd sendStart sendEnd recvStart recvEnd consumeStart consumeEnd)
# and outbase.
set datafile missing "NaN"
set grid xtics ytics
set ytics ("produce.start" 0, "produce.end" 1, "send.start" 2, "send.end" 3, "recv.start" 4, "recv.end" 5, "consume.start" 6, "consume.end" 7)
set yrange [-0.5:7.5]
set xrange [0:0.12]
set xlabel "time since block 512 was produced (s); the one-way delay is 25 ms"
set key off
stats datadir."/pause-0.2ms-64k-blocks.dat" every ::512::512 using 2 nooutput
t0short = STATS_min
stats datadir."/pause-2ms-64k-blocks.dat" every ::512::512 using 2 nooutput
t0long = STATS_min
shown(c, t0) = ($1 >= 512 && $1 < 520) ? column(c) - t0 : NaN
do for [t in "png pdf"] {
  if (t eq "png") { set terminal pngcairo size 900,760 font ",10"; set output outbase.".png" }
  if (t eq "pdf") { set terminal pdfcairo size 6.4in,5.4in font ",9"; set output outbase.".pdf" }
  set multiplot layout 2,1
  set title "model: 0.2 ms pause after each 64 KiB send - blocks 512-519 (the pause hides in send())" noenhanced
  plot for [j=2:8] datadir."/pause-0.2ms-64k-blocks.dat" using (shown(j, t0short)):(j - 2):(column(j + 1) - column(j)):(1):($1 + 1) with vectors nohead lw 2 lc variable
  set title "model: 2 ms pause after each 64 KiB send - blocks 512-519 (one block per pause)" noenhanced
  plot for [j=2:8] datadir."/pause-2ms-64k-blocks.dat" using (shown(j, t0long)):(j - 2):(column(j + 1) - column(j)):(1):($1 + 1) with vectors nohead lw 2 lc variable
  unset multiplot
}
