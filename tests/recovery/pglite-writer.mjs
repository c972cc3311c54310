// Child process for the crash test: commits orders of two rows each, forever, and prints the number
// of every committed transaction. The parent kills it with SIGKILL at a random moment.
import { PGlite } from '@electric-sql/pglite'

const dir = process.argv[2]
const db = new PGlite(dir)
await db.exec(`create table if not exists orders (id int primary key, total int not null);
               create table if not exists order_lines (order_id int not null references orders(id), n int not null)`)
const start = (await db.query('select coalesce(max(id), 0) as m from orders')).rows[0].m
for (let id = start + 1; ; id++) {
  await db.transaction(async (tx) => {
    await tx.query('insert into orders (id, total) values ($1, $2)', [id, id * 100])
    await tx.query('insert into order_lines (order_id, n) values ($1, 1), ($1, 2)', [id])
  })
  process.stdout.write(`committed ${id}\n`)
}
