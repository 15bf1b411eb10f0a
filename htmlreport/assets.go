package htmlreport

// css styles the page; the diagrams carry their own presentation
// attributes.
const css = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","WenQuanYi Micro Hei","Microsoft YaHei",sans-serif;margin:0 auto;max-width:1200px;padding:0 16px;color:#222;background:#fafafa}
h1{font-size:22px;margin:16px 0 8px}h2{font-size:18px;margin:24px 0 8px;border-bottom:1px solid #ddd}h3{font-size:15px;margin:0 0 8px}
header{display:flex;gap:40px;flex-wrap:wrap;align-items:flex-start}header h2{margin-top:8px}
table.run th{text-align:left;padding-right:16px;font-weight:600}td.num{text-align:right}
.chart a text{fill:#222}.chart a:hover rect{opacity:.75}.hint{color:#666;font-size:12px}
.filters{margin:8px 0;position:sticky;top:0;background:#fafafa;padding:6px 0;z-index:1}
#games{border-collapse:collapse;width:100%;font-size:12px}#games th,#games td{border-bottom:1px solid #e4e4e4;padding:2px 6px;text-align:left;vertical-align:top}
#games th{background:#eee}#games td.error{color:#b71c1c;font-weight:600}#games td.warning{color:#e65100}
#games tbody tr:hover{background:#fff3e0}
section.game{content-visibility:auto;contain-intrinsic-size:auto 560px;background:#fff;border:1px solid #ddd;border-radius:4px;padding:12px;margin:12px 0}
.cols{display:flex;gap:16px;align-items:flex-start;flex-wrap:wrap}figure{margin:0}figcaption{font-size:12px;color:#444;max-width:300px}
.info{flex:1;min-width:300px}ul.flags{margin:0 0 8px;padding-left:18px}ul.flags li{word-break:break-word}
ul.flags li.error b{color:#b71c1c}ul.flags li.warning b{color:#e65100}ul.flags li.info b{color:#546e7a}
table.tags{font-size:12px;border-collapse:collapse}table.tags th{text-align:left;padding-right:10px;color:#555;font-weight:500}
.moves{font-size:13px;line-height:1.8;margin:6px 0}.moves .lbl{font-weight:600;margin-right:6px}.moves i{color:#888;font-style:normal;margin-right:2px}
.moves span.bad{background:#c62828;color:#fff;padding:1px 3px;border-radius:3px}.moves span.cyc{background:#ffe0b2}.moves span.unplayed{color:#999;text-decoration:line-through}
.note{color:#555;font-style:italic}
`

// script draws the table a page (PageRows rows) at a time from the JSON
// rows, filters it (and the drawn games) by code and by text, and follows
// the chart's links (#code-CODE).
const script = `
(function(){
var data=JSON.parse(document.getElementById('rows').textContent),S=data.s,R=data.r,PAGE=` + pageRowsJS + `,
body=document.querySelector('#games tbody'),games=document.querySelectorAll('section.game'),
sel=document.getElementById('code'),txt=document.getElementById('text'),shown=document.getElementById('shown'),
pageno=document.getElementById('pageno'),prev=document.getElementById('prev'),next=document.getElementById('next'),
texts=null,match=[],page=0;
function esc(s){return String(s).replace(/[&<>"']/g,function(c){return '&#'+c.charCodeAt(0)+';'})}
function has(codes,c){return !c||(' '+codes+' ').indexOf(' '+c+' ')>=0}
function draw(){
var pages=Math.max(1,Math.ceil(match.length/PAGE)),h=[],i,r,end;
if(page>=pages)page=pages-1;
end=Math.min(match.length,(page+1)*PAGE);
for(i=page*PAGE;i<end;i++){r=R[match[i]].map(function(v,j){return j===1?v:esc(S[v])});
h.push('<tr data-codes="'+r[8]+'"><td>'+(r[9]?'<a href="#'+r[9]+'">'+r[0]+'</a>':r[0])+'</td><td class="num">'+r[1]+'</td><td>'+r[2]+'</td><td>'+r[3]+'</td><td>'+r[4]+'</td><td>'+r[5]+'</td><td>'+r[6]+'</td><td class="'+r[7]+'">'+r[7]+'</td><td>'+r[8]+'</td></tr>')}
body.innerHTML=h.join('');
shown.textContent=match.length;pageno.textContent='page '+(page+1)+' of '+pages;
prev.disabled=page===0;next.disabled=page>=pages-1}
function apply(){
var c=sel.value,t=txt.value.trim().toLowerCase(),i,r;
if(t&&!texts){texts=[];for(i=0;i<R.length;i++){r=R[i];texts.push([S[r[0]],r[1],S[r[2]],S[r[3]],S[r[4]],S[r[5]],S[r[6]],S[r[7]],S[r[8]]].join(' ').toLowerCase())}}
match=[];for(i=0;i<R.length;i++)if(has(S[R[i][8]],c)&&(!t||texts[i].indexOf(t)>=0))match.push(i);
for(i=0;i<games.length;i++)games[i].hidden=!has(games[i].getAttribute('data-codes'),c);
page=0;draw()}
function fromHash(){var h=decodeURIComponent(location.hash||'');if(h.indexOf('#code-')===0){sel.value=h.slice(6);apply();document.getElementById('list').scrollIntoView()}}
sel.addEventListener('change',apply);txt.addEventListener('input',apply);
prev.addEventListener('click',function(){page--;draw()});next.addEventListener('click',function(){page++;draw()});
window.addEventListener('hashchange',fromHash);apply();fromHash();
})();
`

// pageRowsJS is PageRows as script text.
const pageRowsJS = "500"
