# Lifelines of blocks 0-7 through the pipeline's eight stage events (as NetLogger's nlv
# draws them), for a client that writes each 1 MiB block to the MB-NG RAID5 disks before
# reading the next (top) and one that reads while it writes (bottom), on the study's LAN
# path with 64 KB buffers. Called by `hybridnet report` with datadir (<variant>-blocks.dat:
# block produceStart produceEnd sendStart sendEnd recvStart recvEnd consumeStart consumeEnd)
# and outbase.
set datafile missing "NaN"
set grid xtics ytics
set ytics ("produce.start" 0, "produce.end" 1, "send.start" 2, "send.end" 3, "recv.start" 4, "recv.end" 5, "consume.start" 6, "consume.end" 7)
set yrange [-0.5:7.5]
set xrange [0:0.4]
set xlabel "time (s)"
set key off
shown(c) = $1 < 8 ? column(c) : NaN
do for [t in "png pdf"] {
  if (t eq "png") { set terminal pngcairo size 900,760 font ",10"; set output outbase.".png" }
  if (t eq "pdf") { set terminal pdfcairo size 6.4in,5.4in font ",9"; set output outbase.".pdf" }
  set multiplot layout 2,1
  do for [v in "write-serial write-overlap"] {
    set title (v eq "write-serial" ? "model: receive, then write (not overlapped) - blocks 0-7" : "model: receive while writing (overlapped) - blocks 0-7")
    plot for [j=2:8] datadir."/".v."-blocks.dat" using (shown(j)):(j - 2):(column(j + 1) - column(j)):(1):($1 + 1) with vectors nohead lw 2 lc variable
  }
  unset multiplot
}
