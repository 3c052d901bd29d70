# TCP response function: goodput of one flow against the injected loss rate p = 1/N (one
# drop in N data segments) for Reno (TcpLinuxReno), HighSpeed (TcpHighSpeedLinux) and
# Scalable (TcpScalableLinux) on the MB-NG (6 ms), DataTAG (120 ms) and UKLight (177 ms)
# paths at 1 Gb/s, with the response functions of README.md, Theory: (1) Mathis et al.,
# (2) RFC 3649, (3) Kelly (mean window 0.936 a / (b p)), each capped at the 1 Gb/s goodput
# ceiling; for HighSpeed also (2') with half the increase (TcpHighSpeedLinux counts ACKs
# and the receiver ACKs every second segment). Called by `hybridnet report` with datadir
# (checks.dat: index label measured min max sim ci_low ci_high) and outbase. Rows 0-17
# hold the goodputs: row i is path i / 6 (0 MB-NG, 1 DataTAG, 2 UKLight), loss rate
# (i % 6) / 3 (0: 1 in 1000, 1: 1 in 10000) and stack i % 3 (0 Reno, 1 HighSpeed,
# 2 Scalable); rows 18-29 are the ordering ratios (not drawn). Rows 30-35 hold the
# goodputs of H-TCP (30, 31), BIC (32, 33) and FAST (34, 35) on MB-NG at 1 in 1000 and
# 1 in 10000, rows 36-39 their ordering ratios (not drawn). Extra lines: BIC's bracket
# (mean window 0.8 sqrt(1/p) to 10 sqrt(1/p), README Theory (4)) and FAST as AIMD with
# a = gamma alpha = 100 and b = 1/2 (Theory (5)), both at 6 ms; H-TCP at 6 ms is Mathis.
set datafile missing "NaN"
set grid
set logscale xy
set xrange [3e-6:3e-3]
set yrange [1:3000]
set format x "10^{%L}"
set xlabel "injected loss rate p (drops per data segment)"
set ylabel "goodput (Mb/s)"
set key outside right top font ",8" spacing 1.05
mss = 1448.0 * 8
ceiling = 964.048
cap(x) = x < ceiling ? x : ceiling
reno(p, r) = cap(mss / r * sqrt(1.5 / p) / 1e6)
hs(p, r) = cap(mss / r * (sqrt(1.5 / p) > 38 ? 0.12 / p**0.835 : sqrt(1.5 / p)) / 1e6)
hsack(p, r) = cap(mss / r * (sqrt(0.75 / p) > 38 ? 0.12 / (2 * p)**0.835 : sqrt(0.75 / p)) / 1e6)
scal(p, r) = cap(mss / r * 0.936 * 0.01 / (0.125 * p) / 1e6)
biclo(p, r) = cap(mss / r * 0.8 / sqrt(p) / 1e6)
bichi(p, r) = cap(mss / r * 10 / sqrt(p) / 1e6)
fast(p, r) = cap(mss / r * sqrt(1.5 * 100 / p) / 1e6)
newrow(i, k) = (int(i) == 30 + k || int(i) == 31 + k)
npx(i) = int(i) % 2 == 0 ? 1e-3 : 1e-4
row(i, path, stack) = (int(i) < 18 && int(i) / 6 == path && int(i) % 3 == stack)
px(i) = (int(i) % 6) / 3 == 0 ? 1e-3 : 1e-4
set samples 200
set title "TCP response function, 1 Gb/s paths: model (points) vs theory (lines; H-TCP, BIC, FAST at 6 ms)"
do for [t in "png pdf"] {
  if (t eq "png") { set terminal pngcairo size 1300,760 font ",10"; set output outbase.".png" }
  if (t eq "pdf") { set terminal pdfcairo size 9.4in,5.5in font ",8"; set output outbase.".pdf" }
  plot ceiling with lines dt 3 lc rgb "#7f7f7f" title "1 Gb/s goodput ceiling", \
       reno(x, 0.006) with lines lw 1.5 lc rgb "#1f77b4" title "Mathis, 6 ms", \
       reno(x, 0.120) with lines lw 1.5 dt 2 lc rgb "#1f77b4" title "Mathis, 120 ms", \
       reno(x, 0.177) with lines lw 1.5 dt 4 lc rgb "#1f77b4" title "Mathis, 177 ms", \
       hs(x, 0.006) with lines lw 1.5 lc rgb "#ff7f0e" title "RFC 3649 HighSpeed, 6 ms", \
       hsack(x, 0.006) with lines lw 1.5 dt 3 lc rgb "#ff7f0e" title "RFC 3649 with a/2 (ACK counting, delayed ACKs), 6 ms", \
       hs(x, 0.120) with lines lw 1.5 dt 2 lc rgb "#ff7f0e" title "RFC 3649, 120 ms", \
       hs(x, 0.177) with lines lw 1.5 dt 4 lc rgb "#ff7f0e" title "RFC 3649, 177 ms", \
       scal(x, 0.006) with lines lw 1.5 lc rgb "#2ca02c" title "Kelly Scalable, 6 ms", \
       scal(x, 0.120) with lines lw 1.5 dt 2 lc rgb "#2ca02c" title "Kelly, 120 ms", \
       scal(x, 0.177) with lines lw 1.5 dt 4 lc rgb "#2ca02c" title "Kelly, 177 ms", \
       biclo(x, 0.006) with lines lw 1 dt 3 lc rgb "#9467bd" title "BIC bracket, 6 ms: 0.8/sqrt(p)", \
       bichi(x, 0.006) with lines lw 1 dt 3 lc rgb "#9467bd" title "BIC bracket, 6 ms: 10/sqrt(p)", \
       fast(x, 0.006) with lines lw 1 dt 5 lc rgb "#8c564b" title "FAST loss-limited (AIMD 100, 1/2), 6 ms", \
       datadir."/checks.dat" using (newrow($1, 0) ? npx($1) : NaN):6 with points pt 11 ps 2 lw 2 lc rgb "#e377c2" title "model H-TCP, MB-NG 6 ms (theory: Mathis)", \
       datadir."/checks.dat" using (newrow($1, 2) ? npx($1) : NaN):6 with points pt 13 ps 1.5 lc rgb "#9467bd" title "model BIC, MB-NG 6 ms", \
       datadir."/checks.dat" using (newrow($1, 4) ? npx($1) : NaN):6 with points pt 3 ps 1.5 lc rgb "#8c564b" title "model FAST, MB-NG 6 ms (queue 64 < alpha 200)", \
       for [path=0:2] for [stack=0:2] datadir."/checks.dat" using (row($1, path, stack) ? px($1) : NaN):6 \
         with points pt (path == 0 ? 7 : (path == 1 ? 5 : 9)) ps 1.4 \
         lc rgb (stack == 0 ? "#1f77b4" : (stack == 1 ? "#ff7f0e" : "#2ca02c")) \
         title sprintf("model %s, %s", stack == 0 ? "Reno" : (stack == 1 ? "HighSpeed" : "Scalable"), \
                       path == 0 ? "MB-NG 6 ms" : (path == 1 ? "DataTAG 120 ms" : "UKLight 177 ms"))
}
