# Naive cross-check of turkish_model.cc, written from variants/turkish/RULES.md: every landing
# sequence is enumerated (no collapsing), then U, P and R are derived from the full list.
# Usage: /usr/bin/python3 naive_check.py MODEL_BINARY SEED N_POSITIONS end|king|stop
import random, subprocess, sys
def sq(f,r): return f+8*r
def name(s): return "abcdefgh"[s%8]+str(s//8+1)
D=[(0,1),(1,0),(0,-1),(-1,0)]
def step(s,d):
    f,r=s%8+D[d][0], s//8+D[d][1]
    return sq(f,r) if 0<=f<8 and 0<=r<8 else None
def gen(white,black,kings,side,mode):
    own,enemy=(white,black) if side==0 else (black,white)
    fwd=0 if side==0 else 2; back=(fwd+2)%4; last=7 if side==0 else 0
    res=[]  # (from, landings list, dirs list, caps list, promo)
    def rec(frm,s,king,prom,lastd,en,occ,lands,dirs,caps):
        cont=False
        for d in range(4):
            if lastd is not None and d==(lastd+2)%4: continue
            if not king:
                if d==back: continue
                v=step(s,d)
                if v is None or v not in en: continue
                l=step(v,d)
                if l is None or l in occ: continue
                cont=True
                if l//8==last and mode=='stop':
                    res.append((frm,lands+[l],dirs+[d],caps+[v],True)); continue
                nk = king or (l//8==last and mode=='king')
                rec(frm,l,nk,prom or l//8==last,d,en-{v},occ-{v},lands+[l],dirs+[d],caps+[v])
            else:
                v=step(s,d)
                while v is not None and v not in occ: v=step(v,d)
                if v is None or v not in en: continue
                l=step(v,d)
                while l is not None and l not in occ-{v}:
                    cont=True
                    rec(frm,l,True,prom,d,en-{v},occ-{v},lands+[l],dirs+[d],caps+[v])
                    l=step(l,d)
        if not cont and caps: res.append((frm,lands,dirs,caps,prom))
    for s in own:
        occ=(own|enemy)-{s}
        rec(s,s,s in kings,False,None,set(enemy),occ,[],[],[])
    if res:
        m=max(len(r[3]) for r in res); res=[r for r in res if len(r[3])==m]
        R=len(res)
        def ptext(r):
            frm,lands,dirs,caps,prom=r
            t=[name(frm)]
            for i,l in enumerate(lands):
                if i+1<len(lands) and dirs[i+1]==dirs[i] and (r_is_king_at(r,i)): continue
                t.append(name(l))
            return "x".join(t)
        def r_is_king_at(r,i):
            # the piece is a king when making jump i+1 (flying) -> straight landings collapse
            frm=r[0]
            if frm in kings: return True
            if mode=='king':
                return any(r[1][j]//8==last for j in range(i))
            return False
        P=len(set(ptext(r) for r in res))
        U={}
        for r in res:
            key=(r[0],r[1][-1],frozenset(r[3]),r[4])
            t=ptext(r); U[key]=min(U.get(key,t),t)
        return sorted(U.values()),P,R
    out=[]
    for s in own:
        k=s in kings
        for d in range(4):
            if not k and d==back: continue
            t=step(s,d)
            while t is not None and t not in own and t not in enemy:
                out.append(name(s)+"-"+name(t))
                if not k: break
                t=step(t,d)
    return sorted(out),len(out),len(out)
def fen(white,black,kings,side):
    f=lambda ss:",".join(("K" if s in kings else "")+name(s) for s in sorted(ss))
    return ("W" if side==0 else "B")+":W"+f(white)+":B"+f(black)
MODEL=sys.argv[1]
random.seed(int(sys.argv[2])); n=int(sys.argv[3]); mode=sys.argv[4]
bad=0; fens=[]; exp=[]
for t in range(n):
    sqs=random.sample(range(64),random.randint(2,14))
    k=random.randint(1,len(sqs)-1)
    white=set(sqs[:k]); black=set(sqs[k:])
    kings={s for s in sqs if random.random()<0.35}
    side=random.randint(0,1)
    fens.append(fen(white,black,kings,side)); exp.append(gen(white,black,kings,side,mode))
# one model call per position (moves + perft 1)
for f,(mv,P,R) in zip(fens,exp):
    opt=["--promotion="+mode]
    got=subprocess.run([MODEL,"moves",f]+opt,capture_output=True,text=True).stdout.split()
    c=subprocess.run([MODEL,"perft","1",f]+opt,capture_output=True,text=True).stdout.split("\n")[1].split()
    if got!=mv or int(c[1])!=len(mv) or int(c[2])!=P or int(c[3])!=R:
        bad+=1
        if bad<5: print("DIFF",f,mv,P,R,"model",got,c)
print("positions",n,"differences",bad)
