# Lifelines of blocks 2-5 (1 MiB, asked for one at a time on a control socket) through the
# pipeline's eight stage events on the study's LAN path (1 ms), with Nagle on the control
# socket (top: each request waits the server's 200 ms delayed ACK) and with TCP_NODELAY on
# both sockets (bottom). Time from block 2's production; the x axes differ sixteen-fold.
# Called by `hybridnet report` with datadir (<variant>-blocks.dat: block produceStart
# produceEnd sendStart sendEnd recvStart recvEnd consumeStart consumeEnd) and outbase.
set datafile missing "NaN"
set grid xtics ytics
set ytics ("produce.start" 0, "produce.end" 1, "send.start" 2, "send.end" 3, "recv.start" 4, "recv.end" 5, "consume.start" 6, "consume.end" 7)
set yrange [-0.5:7.5]
set key off
stats datadir."/requests-control-nagle-blocks.dat" every ::2::2 using 2 nooutput
t0nagle = STATS_min
stats datadir."/requests-nodelay-blocks.dat" every ::2::2 using 2 nooutput
t0nodelay = STATS_min
shown(c, t0) = ($1 >= 2 && $1 < 6) ? column(c) - t0 : NaN
do for [t in "png pdf"] {
  if (t eq "png") { set terminal pngcairo size 900,760 font ",10"; set output outbase.".png" }
  if (t eq "pdf") { set terminal pdfcairo size 6.4in,5.4in font ",9"; set output outbase.".pdf" }
  set multiplot layout 2,1
  set xlabel "time since block 2 was produced (s)"
  set xrange [0:0.8]
  set title "model: Nagle on the control socket - each request waits a 200 ms delayed ACK (blocks 2-5)" noenhanced
  plot for [j=2:8] datadir."/requests-control-nagle-blocks.dat" using (shown(j, t0nagle)):(j - 2):(column(j + 1) - column(j)):(1):($1 + 1) with vectors nohead lw 2 lc variable
  set xrange [0:0.05]
  set title "model: TCP_NODELAY on both sockets (blocks 2-5)" noenhanced
  plot for [j=2:8] datadir."/requests-nodelay-blocks.dat" using (shown(j, t0nodelay)):(j - 2):(column(j + 1) - column(j)):(1):($1 + 1) with vectors nohead lw 2 lc variable
  unset multiplot
}
