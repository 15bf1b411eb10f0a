package htmlreport

// css styles the page; the diagrams carry their own presentation
// attributes. The page has no horizontal scroll down to phone widths: the
// chart's bars take the width there is, long words (paths, FENs) break,
// and below 700 px the table's rows become blocks of wrapped cells under
// a wrapped row of column buttons. The embedded board font (FontFaceCSS
// of svgboard) comes last in the text fonts, for Chinese move notation on
// a machine without a Chinese font.
const css = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","WenQuanYi Micro Hei","Microsoft YaHei","xq-board",sans-serif;margin:0 auto;max-width:1200px;padding:0 16px;color:#222;background:#fafafa}
h1{font-size:22px;margin:16px 0 8px}h2{font-size:18px;margin:24px 0 8px;border-bottom:1px solid #ddd}h3{font-size:15px;margin:0 0 8px;overflow-wrap:anywhere}
code{overflow-wrap:anywhere}
header{display:flex;gap:16px 40px;flex-wrap:wrap;align-items:flex-start}header h2{margin-top:8px}header>div{flex:0 1 auto;min-width:0}#chart{flex:1 1 320px;min-width:0}
table.run th{text-align:left;padding-right:16px;font-weight:600}td.num{text-align:right}
ul.chart{list-style:none;margin:0;padding:0;max-width:680px;display:grid;grid-template-columns:max-content minmax(0,1fr) max-content;column-gap:8px}ul.chart li{display:contents}
ul.chart a{grid-column:1/4;display:grid;grid-template-columns:subgrid;align-items:center;color:#222;text-decoration:none;font-size:13px;padding:1px 0}
ul.chart .lbl{text-align:right;white-space:nowrap}ul.chart .track{display:block;height:16px}ul.chart .track span{display:block;height:100%}ul.chart a:hover .track span{opacity:.75}ul.chart .n{white-space:nowrap}
.hint{color:#666;font-size:12px}
.filters{margin:8px 0;position:sticky;top:0;background:#fafafa;padding:6px 0;z-index:1;display:flex;flex-wrap:wrap;gap:6px 12px;align-items:center}.filters input{max-width:100%}
.tablewrap{overflow-x:auto}
#games{border-collapse:collapse;width:100%;font-size:12px}#games th,#games td{border-bottom:1px solid #e4e4e4;padding:2px 6px;text-align:left;vertical-align:top;overflow-wrap:break-word}
#games th{background:#eee;padding:0;white-space:nowrap}#games th button{all:unset;cursor:pointer;display:block;padding:2px 6px;font-weight:600}#games th button:focus-visible{outline:2px solid #1565c0}
#games th[aria-sort=ascending] button::after{content:" ▲"}#games th[aria-sort=descending] button::after{content:" ▼"}
#games td.error{color:#b71c1c;font-weight:600}#games td.warning{color:#e65100}#games td.info{color:#546e7a}
#games tbody tr:hover{background:#fff3e0}#games tbody td:nth-child(7){white-space:nowrap}
@media (max-width:700px){
#games,#games thead,#games tbody,#games tr,#games td{display:block}
#games thead tr{display:flex;flex-wrap:wrap;gap:4px;margin-bottom:4px}#games th{border:1px solid #ccc;border-radius:3px}
#games tbody tr{border-bottom:1px solid #ddd;padding:4px 0}#games tbody td{display:inline;border:0;padding:0 8px 0 0;overflow-wrap:anywhere}#games tbody td:empty{display:none}
#games tbody td:first-child{display:block;font-weight:600}#games tbody td:nth-child(2)::before{content:"#"}
#games tbody td:nth-child(3)::before{content:"red ";color:#888}#games tbody td:nth-child(4)::before{content:"black ";color:#888}
#games tbody td:nth-child(2),#games tbody td:nth-child(6),#games tbody td:nth-child(7),#games tbody td:nth-child(8){white-space:nowrap}
}
section.game{content-visibility:auto;contain-intrinsic-size:auto 560px;background:#fff;border:1px solid #ddd;border-radius:4px;padding:12px;margin:12px 0}
.cols{display:flex;gap:16px;align-items:flex-start;flex-wrap:wrap}figure{margin:0;max-width:100%}figure svg.board{max-width:100%;height:auto}figcaption{font-size:12px;color:#444;max-width:300px}
.info{flex:1 1 280px;min-width:0}ul.flags{margin:0 0 8px;padding-left:18px}ul.flags li{overflow-wrap:anywhere}
ul.flags li.error b{color:#b71c1c}ul.flags li.warning b{color:#e65100}ul.flags li.info b{color:#546e7a}
table.tags{font-size:12px;border-collapse:collapse}table.tags th{text-align:left;padding-right:10px;color:#555;font-weight:500;vertical-align:top}table.tags td{overflow-wrap:anywhere}
.moves{font-size:13px;line-height:1.8;margin:6px 0;overflow-wrap:anywhere}.moves .lbl{font-weight:600;margin-right:6px}.moves i{color:#888;font-style:normal;margin-right:2px}
.moves span.bad{background:#c62828;color:#fff;padding:1px 3px;border-radius:3px}.moves span.cyc{background:#ffe0b2}.moves span.unplayed{color:#999;text-decoration:line-through}
.note{color:#555;font-style:italic}
`

// script sorts the table's rows (by a column, clicked again to reverse;
// at first by severity, the worst first, then input order), filters them
// (and the drawn games) by severity, code and text, draws them a page
// (PageRows rows) at a time from the JSON rows, downloads the rows shown
// (all pages, in their order) as CSV, and follows the chart's links
// (#code-CODE).
const script = `
(function(){
var data=JSON.parse(document.getElementById('rows').textContent),P=data.p,S=data.s,R=data.r,PAGE=` + pageRowsJS + `,
body=document.querySelector('#games tbody'),games=document.querySelectorAll('section.game'),heads=document.querySelectorAll('#games th'),
sev=document.getElementById('sev'),sel=document.getElementById('code'),txt=document.getElementById('text'),shown=document.getElementById('shown'),
pageno=document.getElementById('pageno'),prev=document.getElementById('prev'),next=document.getElementById('next'),
RANK={error:0,warning:1,info:2},COLS=['source','game','red','black','event','date','result','severity','codes'],
texts=null,match=[],page=0,col=7,dir=1;
function esc(s){return String(s).replace(/[&<>"']/g,function(c){return '&#'+c.charCodeAt(0)+';'})}
function has(codes,c){return !c||(' '+codes+' ').indexOf(' '+c+' ')>=0}
function key(r){if(col===1)return r[1];if(col===7)return RANK[S[r[7]]];if(col===0)return S[r[0]].toLowerCase();return S[r[col]]}
function order(){
var k=new Array(R.length),i;for(i=0;i<match.length;i++)k[match[i]]=key(R[match[i]]);
match.sort(function(a,b){var x=k[a],y=k[b];return x<y?-dir:x>y?dir:a-b});
for(i=0;i<heads.length;i++)heads[i].setAttribute('aria-sort',i===col?(dir>0?'ascending':'descending'):'none')}
function draw(){
var pages=Math.max(1,Math.ceil(match.length/PAGE)),h=[],i,r,end,full;
if(page>=pages)page=pages-1;
end=Math.min(match.length,(page+1)*PAGE);
for(i=page*PAGE;i<end;i++){r=R[match[i]].map(function(v,j){return j===1?v:esc(S[v])});full=esc(P)+r[0];
h.push('<tr data-codes="'+r[8]+'" data-sev="'+r[7]+'"><td title="'+full+'">'+(r[9]?'<a href="#'+r[9]+'">'+r[0]+'</a>':r[0])+'</td><td class="num">'+r[1]+'</td><td>'+r[2]+'</td><td>'+r[3]+'</td><td>'+r[4]+'</td><td>'+r[5]+'</td><td>'+r[6]+'</td><td class="'+r[7]+'">'+r[7]+'</td><td>'+r[8]+'</td></tr>')}
body.innerHTML=h.join('');
shown.textContent=match.length;pageno.textContent='page '+(page+1)+' of '+pages;
prev.disabled=page===0;next.disabled=page>=pages-1}
function apply(){
var c=sel.value,v=sev?sev.value:'',t=txt.value.trim().toLowerCase(),i,r;
if(t&&!texts){texts=[];for(i=0;i<R.length;i++){r=R[i];texts.push([P+S[r[0]],r[1],S[r[2]],S[r[3]],S[r[4]],S[r[5]],S[r[6]],S[r[7]],S[r[8]]].join(' ').toLowerCase())}}
match=[];for(i=0;i<R.length;i++)if(has(S[R[i][8]],c)&&(!v||S[R[i][7]]===v)&&(!t||texts[i].indexOf(t)>=0))match.push(i);
for(i=0;i<games.length;i++)games[i].hidden=!has(games[i].getAttribute('data-codes'),c)||(v&&games[i].getAttribute('data-sev')!==v);
order();page=0;draw()}
function csv(){
var q=function(s){s=String(s);return /[",\r\n]/.test(s)?'"'+s.replace(/"/g,'""')+'"':s},lines=[COLS.join(',')],i,r;
for(i=0;i<match.length;i++){r=R[match[i]];lines.push([P+S[r[0]],r[1],S[r[2]],S[r[3]],S[r[4]],S[r[5]],S[r[6]],S[r[7]],S[r[8]]].map(q).join(','))}
var a=document.createElement('a');a.href=URL.createObjectURL(new Blob(['\ufeff'+lines.join('\r\n')+'\r\n'],{type:'text/csv;charset=utf-8'}));
a.download='xqtool-report.csv';document.body.appendChild(a);a.click();setTimeout(function(){URL.revokeObjectURL(a.href);a.remove()},1000)}
function fromHash(){var h=decodeURIComponent(location.hash||'');if(h.indexOf('#code-')===0){sel.value=h.slice(6);apply();document.getElementById('list').scrollIntoView()}}
heads.forEach(function(th,i){th.querySelector('button').addEventListener('click',function(){if(col===i)dir=-dir;else{col=i;dir=1}order();page=0;draw()})});
if(sev)sev.addEventListener('change',apply);sel.addEventListener('change',apply);txt.addEventListener('input',apply);
document.getElementById('csv').addEventListener('click',csv);
prev.addEventListener('click',function(){page--;draw()});next.addEventListener('click',function(){page++;draw()});
window.addEventListener('hashchange',fromHash);apply();fromHash();
})();
`

// pageRowsJS is PageRows as script text.
const pageRowsJS = "500"
