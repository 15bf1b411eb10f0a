package htmlreport

// css styles the page; the diagrams carry their own presentation
// attributes.
const css = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","WenQuanYi Micro Hei","Microsoft YaHei",sans-serif;margin:0 auto;max-width:1200px;padding:0 16px;color:#222;background:#fafafa}
h1{font-size:22px;margin:16px 0 8px}h2{font-size:18px;margin:24px 0 8px;border-bottom:1px solid #ddd}h3{font-size:15px;margin:0 0 8px}
table.run th{text-align:left;padding-right:16px;font-weight:600}td.num{text-align:right}
.chart a text{fill:#222}.chart a:hover rect{opacity:.75}.hint{color:#666;font-size:12px}
.filters{margin:8px 0;position:sticky;top:0;background:#fafafa;padding:6px 0;z-index:1}
#games{border-collapse:collapse;width:100%;font-size:13px}#games th,#games td{border-bottom:1px solid #e4e4e4;padding:2px 6px;text-align:left;vertical-align:top}
#games th{background:#eee;position:sticky;top:38px}#games td.error{color:#b71c1c;font-weight:600}#games td.flagged{color:#e65100}
#games tbody tr:hover{background:#fff3e0}
section.game{background:#fff;border:1px solid #ddd;border-radius:4px;padding:12px;margin:12px 0}
.cols{display:flex;gap:16px;align-items:flex-start;flex-wrap:wrap}figure{margin:0}figcaption{font-size:12px;color:#444;max-width:300px}
.info{flex:1;min-width:300px}ul.flags{margin:0 0 8px;padding-left:18px}ul.flags li{word-break:break-word}
ul.flags li.error b{color:#b71c1c}ul.flags li.warning b{color:#e65100}ul.flags li.info b{color:#546e7a}
table.tags{font-size:12px;border-collapse:collapse}table.tags th{text-align:left;padding-right:10px;color:#555;font-weight:500}
.moves{font-size:13px;line-height:1.8;margin:6px 0}.moves .lbl{font-weight:600;margin-right:6px}.moves .n{color:#888;margin-right:2px}
.moves span.bad{background:#c62828;color:#fff;padding:1px 3px;border-radius:3px}.moves span.cyc{background:#ffe0b2}.moves span.unplayed{color:#999;text-decoration:line-through}
.note{color:#555;font-style:italic}
`

// script filters the table (and the drawn games) by code and by text, and
// follows the chart's links (#code-CODE). Without it the page is complete,
// only unfiltered.
const script = `
(function(){
var rows=document.querySelectorAll('#games tbody tr'),games=document.querySelectorAll('section.game'),
sel=document.getElementById('code'),txt=document.getElementById('text'),shown=document.getElementById('shown'),texts=null;
function has(el,c){return !c||(' '+el.getAttribute('data-codes')+' ').indexOf(' '+c+' ')>=0}
function apply(){
var c=sel.value,t=txt.value.trim().toLowerCase(),n=0,i;
if(t&&!texts){texts=[];for(i=0;i<rows.length;i++)texts.push(rows[i].textContent.toLowerCase())}
for(i=0;i<rows.length;i++){var ok=has(rows[i],c)&&(!t||texts[i].indexOf(t)>=0);if(rows[i].hidden===ok)rows[i].hidden=!ok;if(ok)n++}
for(i=0;i<games.length;i++)games[i].hidden=!has(games[i],c);
shown.textContent=n}
function fromHash(){var h=decodeURIComponent(location.hash||'');if(h.indexOf('#code-')===0){sel.value=h.slice(6);apply();document.getElementById('list').scrollIntoView()}}
sel.addEventListener('change',apply);txt.addEventListener('input',apply);window.addEventListener('hashchange',fromHash);fromHash();
})();
`
