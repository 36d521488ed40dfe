// versus report.html: draws the charts of the embedded data (<script id="versus-data">)
// with Chart.js. Each chart spec (src/report/html/html_chart.h) becomes a line chart over evenly
// spaced categories; the plugin below adds 95% CI whiskers, the min_difference band and the
// reference line. The page counts the charts it drew in <html data-rendered-charts>, beside
// <html data-chart-count> (the number of charts in its data), for the browser test.
// A history page's charts (src/report/history/history_html.h) have runs for categories (drawn as their
// dates; hover names the run, a click opens its report) and markers (vertical lines at change
// points and version changes); its many charts are drawn a few per task, and its filter form
// shows only the series that match.
(function () {
  'use strict';
  // One colour per column, fixed across the report (the spec carries the index).
  var PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd',
                 '#8c564b', '#e377c2', '#17becf', '#bcbd22', '#7f7f7f'];
  var NEUTRAL = '#444444';
  var root = document.documentElement;
  var rendered = 0;

  function colour(index) {
    return index < 0 ? NEUTRAL : PALETTE[index % PALETTE.length];
  }

  function number(v) {
    if (v === null || v === undefined) return '-';
    var a = Math.abs(v);
    return v.toFixed(a >= 100 ? 1 : a >= 10 ? 2 : 3);
  }

  function drawBand(chart, opts) {
    var y = chart.scales.y, area = chart.chartArea, ctx = chart.ctx;
    ctx.save();
    if (opts.band) {
      var top = Math.max(area.top, y.getPixelForValue(opts.band.high));
      var bottom = Math.min(area.bottom, y.getPixelForValue(opts.band.low));
      ctx.fillStyle = 'rgba(120, 120, 120, 0.16)';
      if (bottom > top) ctx.fillRect(area.left, top, area.right - area.left, bottom - top);
    }
    if (opts.reference !== undefined && opts.reference !== null) {
      var py = y.getPixelForValue(opts.reference);
      ctx.strokeStyle = '#666';
      ctx.setLineDash([4, 4]);
      ctx.beginPath();
      ctx.moveTo(area.left, py);
      ctx.lineTo(area.right, py);
      ctx.stroke();
    }
    ctx.restore();
  }

  // A long history's intervals as a shaded band under its line (whiskers 365 a chart would
  // hide it), one polygon per stretch of points that have one, cut at the plot's edge.
  function drawIntervalBands(chart) {
    var y = chart.scales.y, ctx = chart.ctx, area = chart.chartArea;
    chart.data.datasets.forEach(function (ds, i) {
      if (!ds.ciLow || !ds.ciBand || !chart.isDatasetVisible(i)) return;
      var points = chart.getDatasetMeta(i).data, stretch = [];
      ctx.save();
      ctx.beginPath();
      ctx.rect(area.left, area.top, area.right - area.left, area.bottom - area.top);
      ctx.clip();
      ctx.fillStyle = ds.borderColor + '40';
      function fill() {
        if (stretch.length < 2) { stretch = []; return; }
        ctx.beginPath();
        stretch.forEach(function (j, k) {
          var py = y.getPixelForValue(ds.ciHigh[j]);
          if (k === 0) ctx.moveTo(points[j].x, py); else ctx.lineTo(points[j].x, py);
        });
        for (var k = stretch.length - 1; k >= 0; k--)
          ctx.lineTo(points[stretch[k]].x, y.getPixelForValue(ds.ciLow[stretch[k]]));
        ctx.closePath();
        ctx.fill();
        stretch = [];
      }
      points.forEach(function (point, j) {
        if (ds.ciLow[j] === null || ds.ciHigh[j] === null || ds.data[j] === null) fill();
        else stretch.push(j);
      });
      fill();
      ctx.restore();
    });
  }

  // One path per dataset, cut at the plot's edge (a whisker beyond the axis range).
  function drawWhiskers(chart) {
    var y = chart.scales.y, ctx = chart.ctx, area = chart.chartArea;
    chart.data.datasets.forEach(function (ds, i) {
      if (!ds.ciLow || ds.ciBand || !chart.isDatasetVisible(i)) return;
      ctx.save();
      ctx.beginPath();
      ctx.rect(area.left, area.top, area.right - area.left, area.bottom - area.top);
      ctx.clip();
      ctx.strokeStyle = ds.borderColor;
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      chart.getDatasetMeta(i).data.forEach(function (point, j) {
        var low = ds.ciLow[j], high = ds.ciHigh[j];
        if (low === null || high === null || ds.data[j] === null) return;
        var x = point.x, yl = y.getPixelForValue(low), yh = y.getPixelForValue(high);
        ctx.moveTo(x, yl); ctx.lineTo(x, yh);
        ctx.moveTo(x - 5, yl); ctx.lineTo(x + 5, yl);
        ctx.moveTo(x - 5, yh); ctx.lineTo(x + 5, yh);
      });
      ctx.stroke();
      ctx.restore();
    });
  }

  // Change points solid, version changes dashed, each labelled at the plot's top.
  function drawMarkers(chart, markers) {
    if (!markers || !markers.length) return;
    var x = chart.scales.x, area = chart.chartArea, ctx = chart.ctx;
    ctx.save();
    ctx.font = '11px sans-serif';
    markers.forEach(function (m, k) {
      var px = x.getPixelForValue(m.index);
      var change = m.kind === 'change';
      ctx.strokeStyle = change ? '#b00020' : '#777';
      ctx.fillStyle = ctx.strokeStyle;
      ctx.lineWidth = change ? 1.5 : 1;
      ctx.setLineDash(change ? [] : [3, 3]);
      ctx.beginPath();
      ctx.moveTo(px, area.top);
      ctx.lineTo(px, area.bottom);
      ctx.stroke();
      var width = ctx.measureText(m.label).width;
      var tx = px + 3 + width > area.right ? Math.max(area.left, px - 3 - width) : px + 3;
      // Changes labelled at the top, versions at the bottom, alternating rows among their kind.
      var ty = change ? area.top + 11 + (k % 2) * 12 : area.bottom - 4 - (k % 2) * 12;
      ctx.fillText(m.label, tx, ty);
    });
    ctx.restore();
  }

  var versusPlugin = {
    id: 'versus',
    beforeDatasetsDraw: function (chart, args, opts) {
      drawBand(chart, opts);
      drawIntervalBands(chart);
    },
    afterDatasetsDraw: function (chart, args, opts) {
      drawWhiskers(chart);
      drawMarkers(chart, opts.markers);
    },
    afterRender: function (chart) {
      if (chart.$versusCounted) return;
      chart.$versusCounted = true;
      rendered += 1;
      root.setAttribute('data-rendered-charts', String(rendered));
    }
  };

  // many: over 30 categories (small markers); long: a history over 60 runs (no markers but
  // on hover, its intervals a band under the line).
  function dataset(series, many, long) {
    var c = colour(series.colour);
    var marks = series.marks || [];
    var points = series.values.map(function (v, j) { return marks[j] || ''; });
    if (long && !marks.length) {
      return { label: series.label, data: series.values, borderColor: c, backgroundColor: c,
               borderWidth: 1.5, spanGaps: true, tension: 0, pointRadius: 0, pointHitRadius: 4,
               pointHoverRadius: 4, ciLow: series.ci_low || null, ciHigh: series.ci_high || null,
               ciBand: true, marks: marks };
    }
    // A waterfall's floating bars: each from its start to its value.
    var data = series.starts ? series.values.map(function (v, j) {
      return v === null ? null : [series.starts[j], v];
    }) : series.values;
    return {
      label: series.label,
      data: data,
      borderColor: c,
      backgroundColor: c,
      borderWidth: 2,
      borderDash: series.dashed ? [6, 4] : [],
      spanGaps: true,
      tension: 0,
      pointStyle: points.map(function (m) { return m ? 'triangle' : 'circle'; }),
      pointRotation: points.map(function (m) { return m === 'slower' ? 180 : 0; }),
      pointRadius: points.map(function (m) { return m ? 7 : (many ? 1.5 : 3.5); }),
      ciLow: series.ci_low || null,
      ciHigh: series.ci_high || null,
      marks: marks
    };
  }

  // y range that shows every whisker and the band, not only the points.
  function extent(spec) {
    var lo = Infinity, hi = -Infinity;
    function take(v) { if (v !== null && v !== undefined) { lo = Math.min(lo, v); hi = Math.max(hi, v); } }
    spec.series.forEach(function (s) {
      s.values.forEach(take);
      (s.starts || []).forEach(take);
      (s.ci_low || []).forEach(take);
      (s.ci_high || []).forEach(take);
    });
    if (spec.band) { take(spec.band.low); take(spec.band.high); }
    if (spec.reference !== undefined) take(spec.reference);
    return lo <= hi ? { min: lo, max: hi } : null;
  }

  function tooltipLabel(item) {
    var ds = item.dataset, j = item.dataIndex;
    var text = ds.label + ': ' + number(item.parsed.y);
    if (ds.ciLow && ds.ciLow[j] !== null && ds.ciHigh[j] !== null)
      text += ' [' + number(ds.ciLow[j]) + ', ' + number(ds.ciHigh[j]) + ']';
    if (ds.marks[j]) text += ' ' + ds.marks[j];
    return text;
  }

  // Chart.js draws a title on one line, cut at the canvas's edges: a long one is wrapped at
  // spaces outside parentheses to the width of its chart (about 8.2 px per character of the 14 px bold title).
  function titleLines(text, width) {
    var perLine = Math.max(20, Math.floor(width / 8.2));
    if (text.length <= perLine) return text;
    var lines = [], line = '';
    var words = text.replace(/\([^)]*\)/g, function (group) {  // "(95% CI)" stays whole
      return group.replace(/ /g, '\u00a0');
    }).split(' ');
    words.forEach(function (word) {
      if (line && (line + ' ' + word).length > perLine) { lines.push(line); line = word; }
      else line = line ? line + ' ' + word : word;
    });
    if (line) lines.push(line);
    return lines;
  }

  // A legend of many long labels takes rows of its own on a narrow chart (a phone): the chart
  // grows by them so that its plot keeps its height (12 px labels, about 6.5 px a character,
  // plus the box and padding; about 250 px for title, axes and plot, 22 px a legend row).
  // A bar chart's category names are slanted: its plot is kept at least as tall as its y-axis
  // title is long, so that the title never runs into them.
  function fitHeight(slot, spec) {
    var longest = 0;
    spec.series.forEach(function (s) { longest = Math.max(longest, s.label.length); });
    var perRow = Math.max(1, Math.floor(slot.clientWidth / (longest * 6.5 + 34)));
    var needed = 250 + Math.ceil(spec.series.length / perRow) * 22;
    if (spec.kind === 'bar') {
      var slanted = 0;
      (spec.categories || []).forEach(function (c) { slanted = Math.max(slanted, c.length); });
      // about 130 px for title, legend row, x-axis title and padding; a slanted name's height
      // about 4 px a character; the y-axis title 6.5 px a character and 20 px to spare.
      needed = Math.max(needed, 130 + Math.ceil(spec.series.length / perRow) * 22 +
                        Math.min(slanted, 40) * 4 + (spec.y_title || '').length * 6.5 + 20);
    }
    if (needed > slot.clientHeight) slot.style.height = needed + 'px';
  }

  // A history chart's runs: their dates as categories, their ids for hover and links.
  function runsOf(spec) {
    return spec.runs ? spec.runs.map(function (i) { return data.runs[i]; }) : null;
  }

  // Each run's date, with its time when two runs of the chart share a date.
  function runLabels(runs) {
    var dates = runs.map(function (r) { return r.date; });
    var unique = dates.every(function (d, i) { return i === 0 || d !== dates[i - 1]; });
    return unique ? dates : runs.map(function (r) { return r.date + ' ' + r.time; });
  }

  function openRun(runs) {
    return function (event, elements) {
      if (!elements.length) return;
      var run = runs[elements[0].index];
      if (run && run.href) window.location.href = run.href;
    };
  }

  function config(spec, width) {
    var runs = runsOf(spec);
    var categories = runs ? runLabels(runs) : spec.categories;
    var many = categories.length > 30;
    var range = extent(spec);
    var y = { beginAtZero: spec.y_from_zero, title: { display: true, text: spec.y_title } };
    if (range && !spec.y_from_zero) {
      var pad = (range.max - range.min) * 0.08 || 0.01;
      y.suggestedMin = range.min - pad;
      y.suggestedMax = range.max + pad;
    } else if (range) {
      y.suggestedMax = range.max * 1.05;
    }
    // A history's TPS axis stops at 0 even when an interval of two repeats reaches below it
    // (the whisker is cut at the plot's edge).
    if (runs && y.suggestedMin < 0) y.suggestedMin = 0;
    return {
      type: spec.kind === 'bar' ? 'bar' : 'line',
      data: { labels: categories,
              datasets: spec.series.map(function (s) { return dataset(s, many, runs && categories.length > 60); }) },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        interaction: { mode: 'nearest', intersect: false },
        plugins: {
          title: { display: true, text: titleLines(spec.title, width), font: { size: 14 } },
          legend: { display: !runs, position: 'bottom', labels: { boxWidth: 14, boxHeight: 2 } },
          tooltip: { callbacks: runs ? {
            label: tooltipLabel,
            title: function (items) {
              var r = runs[items[0].dataIndex];
              return r.date + '  run ' + r.id + (r.href ? ' (click: its report)' : '');
            } } : { label: tooltipLabel } },
          versus: { band: spec.band || null, reference: spec.reference, markers: spec.markers }
        },
        onClick: runs ? openRun(runs) : undefined,
        scales: {
          x: { type: 'category', offset: true, title: { display: true, text: spec.x_title },
               // Bars' categories (statement classes) are each named, slanted when they must be.
               ticks: spec.kind === 'bar' ? { autoSkip: false, maxRotation: 60 }
                                          : { autoSkip: true, maxRotation: 0 } },
          y: y
        }
      },
      plugins: [versusPlugin]
    };
  }

  function draw(spec) {
    var slot = document.querySelector('[data-chart="' + spec.id + '"]');
    if (!slot) throw new Error('no element for chart ' + spec.id);
    var canvas = document.createElement('canvas');
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', spec.title);
    fitHeight(slot, spec);
    slot.appendChild(canvas);
    return new Chart(canvas, config(spec, slot.clientWidth));
  }

  function drawOne(spec) {
    try {
      draw(spec);
    } catch (e) {
      console.error('versus: chart ' + spec.id + ': ' + e.message);
    }
  }

  function done() {
    var status = document.getElementById('chart-status');
    if (status) status.textContent = rendered + ' of ' + data.charts.length + ' charts drawn.';
  }

  // A page of many charts (a history) draws BATCH charts per task, so its top shows at once
  // and the page stays responsive while the rest are drawn.
  var BATCH = 8;
  function drawFrom(start) {
    data.charts.slice(start, start + BATCH).forEach(drawOne);
    if (start + BATCH < data.charts.length)
      window.setTimeout(function () { drawFrom(start + BATCH); }, 0);
    else done();
  }

  // The history page's filter form: a series shows when it matches every chosen value.
  function setUpFilters(form) {
    var controls = form.querySelectorAll('[data-filter]');
    var series = document.querySelectorAll('.series');
    function apply() {
      var shown = 0;
      series.forEach(function (el) {
        var ok = true;
        controls.forEach(function (c) {
          var key = c.getAttribute('data-filter');
          if (c.type === 'checkbox') { if (c.checked && el.dataset[key] !== 'yes') ok = false; }
          else if (c.value && el.dataset[key] !== c.value) ok = false;
        });
        el.hidden = !ok;
        shown += ok ? 1 : 0;
      });
      document.querySelectorAll('.group').forEach(function (g) {
        g.hidden = !g.querySelector('.series:not([hidden])');
      });
      form.querySelector('.shown').textContent = shown + ' of ' + series.length + ' series shown';
    }
    controls.forEach(function (c) { c.addEventListener('change', apply); });
    form.hidden = false;
    apply();
  }

  var data = JSON.parse(document.getElementById('versus-data').textContent);
  root.setAttribute('data-chart-count', String(data.charts.length));
  root.setAttribute('data-rendered-charts', '0');
  var filters = document.querySelector('form.filters');
  if (filters) setUpFilters(filters);
  if (data.charts.length > 3 * BATCH) drawFrom(0);
  else { data.charts.forEach(drawOne); done(); }
})();
