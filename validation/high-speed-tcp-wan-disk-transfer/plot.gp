# Disk-to-disk transfers: top, the MB-NG bbftp transfer between RAID5 hosts over time - the
# rate the receiver takes from its sockets, what reaches its disks, and its dirty page cache
# against the dirty limit; bottom, the UKLight transfers (bbftp and bbcp, standard and
# Scalable TCP) over time. Called by `hybridnet report` with datadir (checks.dat: index
# label measured min max sim ci_low ci_high; and <variant>-transfer.dat: time sent received
# written onDisk (Mb/s) dirty (B)) and outbase.
set datafile missing "NaN"
set grid
do for [t in "png pdf"] {
  if (t eq "png") { set terminal pngcairo size 1000,900 font ",10"; set output outbase.".png" }
  if (t eq "pdf") { set terminal pdfcairo size 7.2in,6.5in font ",9"; set output outbase.".pdf" }
  set multiplot layout 2,1
  set title "MB-NG (6.2 ms), bbftp, 2 GB, RAID5 (read 1200, write 600 Mb/s) at both ends: model"
  set xlabel "time (s)"
  set ylabel "Mb/s"
  set yrange [0:1000]
  set y2label "dirty page cache (MB)"
  set y2range [0:500]
  set y2tics
  set key bottom left font ",9"
  plot datadir."/mbng-raid5-bbftp-transfer.dat" using 1:3 with lines lw 1.2 lc rgb "#1f77b4" title "received (read from the sockets)", \
       datadir."/mbng-raid5-bbftp-transfer.dat" using 1:5 with lines lw 1 lc rgb "#2ca02c" title "on the receiver's disks", \
       datadir."/mbng-raid5-bbftp-transfer.dat" using 1:($6 / 1e6) axes x1y2 with lines lw 1.5 lc rgb "#d62728" title "dirty (right axis)", \
       429.5 axes x1y2 with lines dt 2 lc rgb "#d62728" title "dirty limit: 40 % of 1 GiB"
  unset y2label
  unset y2tics
  set title "UKLight London-Chicago-London (177 ms), 22 MB buffers, SACK off, RAID0 at both ends: model"
  set yrange [0:1000]
  set key top right font ",9"
  plot datadir."/uklight-bbftp-standard-transfer.dat" using 1:3 with lines lw 1.2 lc rgb "#ff7f0e" title "bbftp, standard TCP", \
       datadir."/uklight-bbftp-scalable-transfer.dat" using 1:3 with lines lw 1.2 lc rgb "#9467bd" title "bbftp, Scalable TCP", \
       datadir."/uklight-bbcp-standard-transfer.dat" using 1:3 with lines lw 1 dt 2 lc rgb "#8c564b" title "bbcp, standard TCP", \
       datadir."/uklight-bbcp-scalable-transfer.dat" using 1:3 with lines lw 1 dt 2 lc rgb "#17becf" title "bbcp, Scalable TCP", \
       941.48 with lines dt 3 lc rgb "#7f7f7f" title "1 GbE ceiling (TCP payload)"
  unset multiplot
}
