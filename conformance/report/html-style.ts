/** The report page's style: one column below 700 px (it fits 360 px), every failed clause open when printed. */
export const CSS = `
:root{--fg:#1b1f24;--muted:#57606a;--bg:#fff;--line:#d0d7de;--pass:#1a7f37;--fail:#cf222e;--cant:#9a6700;--un:#6e7781;--na:#8c959f}
*{box-sizing:border-box}body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
.wrap{max-width:1200px;margin:0 auto;padding:0 16px}.top{background:#f6f8fa;border-bottom:1px solid var(--line);padding:12px 0}
h1{margin:0 0 4px;font-size:1.6rem}h2{margin:24px 0 8px;font-size:1.25rem}h4{margin:12px 0 4px;font-size:1rem}
.gate{margin:0;font-weight:600}.gate.ok{color:var(--pass)}.gate.bad{color:var(--fail)}.muted{color:var(--muted);font-weight:400;font-size:.9em}
.coverage{margin:6px 0 0;padding-left:1.2rem}.coverage ul{margin:2px 0 4px;padding-left:1.2rem;font-size:.92em}.reasons.warnings summary{color:var(--cant)}
.facts{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0}.facts dt{font-weight:600}.facts dd{margin:0}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid var(--line);padding:8px;text-align:left;vertical-align:top}
.totals{width:auto;margin-top:12px}.totals td{text-align:center}caption{text-align:left;font-weight:600;padding:4px 0}
.badge{display:inline-block;padding:1px 8px;border-radius:10px;font-size:.85em;font-weight:600;color:#fff;white-space:nowrap}
.badge.expected{background:#fff;color:var(--cant);border:1px solid var(--cant)}.badge.unexpected{background:#fff;color:var(--fail);border:1px solid var(--fail)}.badge.known{background:#fff;color:var(--un);border:1px solid var(--un)}
.legend{display:grid;grid-template-columns:max-content 1fr;gap:6px 16px}.legend dd{margin:0}.expect{padding-left:18px;font-size:.92em}
.badge.passed{background:var(--pass)}.badge.failed{background:var(--fail)}.badge.cantTell{background:var(--cant)}.badge.untested{background:var(--un)}.badge.inapplicable{background:var(--na);color:#111}
.id{font-family:ui-monospace,monospace;font-size:1.05em}.kind{font-size:.8em;color:var(--muted)}.kind.pending{color:var(--cant)}
blockquote{margin:0 0 4px;padding-left:10px;border-left:3px solid var(--line)}
.clauses th[scope=row]{width:22%}.v{white-space:nowrap}
.filters{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;margin-bottom:8px}fieldset{border:1px solid var(--line);border-radius:6px;padding:4px 10px}legend{font-size:.85em;color:var(--muted)}
.tests{padding-left:18px}.tests li{margin:6px 0}.st{font-weight:600}.st.passed{color:var(--pass)}.st.failed{color:var(--fail)}.st.flaky{color:var(--cant)}.st.untested,.st.inapplicable{color:var(--un)}.st.cantTell{color:var(--cant)}
.ways{margin:0;padding-left:16px;font-size:.9em}.parts{width:auto;margin:4px 0 8px}.parts th,.parts td{padding:4px 8px;font-size:.92em}.parts caption{font-size:.9em}.advisory{padding-left:18px}
pre{white-space:pre-wrap;background:#f6f8fa;padding:8px;border-radius:6px;max-height:240px;overflow:auto;font-size:.85em}
a{color:#0550ae}summary{cursor:pointer;color:#0550ae}.reasons,.expected-list,.known-list{margin-top:12px}
@media (max-width:700px){.clauses th[scope=row]{width:auto}.facts{grid-template-columns:1fr}}
.permalink{margin-left:4px;font-weight:400;text-decoration:none;color:var(--muted)}.permalink:hover,.permalink:focus{color:#0550ae;text-decoration:underline}
body,td,th,dd,li,p,code{overflow-wrap:anywhere}.scroll{max-width:100%;overflow-x:auto}
.answer{margin:12px 0 0;padding:0;list-style:none}.answer>li{margin:8px 0;padding:8px 10px;border-left:4px solid var(--fail);background:#fff}.answer>li.cantTell{border-color:var(--cant)}
.answer h3,.notjudged h3{font-size:1rem;margin:12px 0 4px}.shot{display:inline-block;margin:6px 8px 0 0}.shot img{display:block;width:240px;max-width:100%;height:auto;border:1px solid var(--line);border-radius:4px}
.cmd{display:block;margin-top:4px;font-size:.85em}.cmd code{background:#f6f8fa;padding:1px 4px;border-radius:3px}.excerpt pre{max-height:200px}
blockquote.md p,blockquote.md h4{margin:0 0 4px}blockquote.md table{width:auto;margin:4px 0}blockquote.md th,blockquote.md td{padding:2px 8px;font-size:.92em}
@media (max-width:700px){.clauses,.clauses tbody,.clauses tr,.clauses th,.clauses td{display:block;width:auto}.clauses thead{display:none}
.clauses th[scope=row]{width:auto;border-bottom:0;padding-bottom:0}.clauses td.v{white-space:normal;border-bottom:0;padding:2px 8px}.clauses td.v::before{content:attr(data-mode) ": ";color:var(--muted);font-size:.9em}
.wrap{padding:0 10px}.filters fieldset{width:100%}.totals th,.totals td{padding:4px 2px;font-size:.85em}.totals .badge{padding:1px 3px;font-size:.72em}.legend{grid-template-columns:1fr}h1{font-size:1.3rem}}
@media print{.filters,.permalink,#shown{display:none}.top{background:none}pre{max-height:none;overflow:visible}a{color:inherit}
.shot img{width:200px}.answer>li,tr{break-inside:avoid}}
`;

/** The filters, and a permalink's target shown: the folds around it opened. */
export const SCRIPT = `
(function(){var f=document.querySelector('.filters');if(!f)return;
function apply(){var vs=[].slice.call(f.querySelectorAll('input[name=verdict]:checked')).map(function(i){return i.value});
var ks=[].slice.call(f.querySelectorAll('input[name=kind]:checked')).map(function(i){return i.value});
var m=(f.querySelector('input[name=mode]:checked')||{}).value||'any';var n=0,all=document.querySelectorAll('tbody.clause');
all.forEach(function(tb){var modes=m==='any'?Object.keys(tb.dataset).filter(function(k){return k!=='kind'}):[m];
var show=ks.indexOf(tb.dataset.kind)>=0&&modes.some(function(k){return vs.indexOf(tb.dataset[k])>=0});tb.hidden=!show;if(show)n++});
document.getElementById('shown').textContent=n+' of '+all.length+' clauses shown';}
f.addEventListener('change',apply);apply();})();
(function(){function show(){var id=decodeURIComponent(location.hash.slice(1)),t=id&&document.getElementById(id);
for(var e=t;e;e=e.parentElement){if(e.tagName==='DETAILS')e.open=true;if(e.hidden)e.hidden=false}if(t)t.scrollIntoView()}
addEventListener('hashchange',show);show();})();
`;
