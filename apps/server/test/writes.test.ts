import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { writeCatalogue } from '../src/modules/catalogue/writes.ts';
import { SerializedJson } from '../src/lib/plugins/serializer.ts';
import { mediaUrlFor } from '../src/lib/translate.ts';
import { writeProduct } from '../src/modules/catalogue/product-view.ts';
import { withFixtureApp } from './support/app.ts';
import { describeEachDatabase } from './support/databases.ts';
import { fixtureCatalogue, newProduct } from './support/fixture.ts';

describeEachDatabase('the write module: one transaction per write, reflected at once everywhere', (store) => {
  let app: FastifyInstance;
  withFixtureApp(store, (built) => (app = built));

  const get = async (url: string) => (await app.inject(url)).json() as unknown;
  const ids = (value: unknown) => (value as { id: number }[]).map((x) => x.id);
  const page = async (url: string) => (await get(url)) as { count: number; results: { id: number }[] };
  const version = () => app.catalogueCache.version();

  it('creates a product with an id from the database; detail, lists, search, counts and cached answers show it', async () => {
    // Warm every cache first: the write must replace what they keep.
    const before = await page('/en/api/store/products/?limit=50');
    expect(ids(await get('/en/api/store/products/?search=Zanjan'))).toEqual([]);
    const v1 = await version();
    const { value: id } = await writeCatalogue(app.database, (w) =>
      w.create('product', newProduct('Zanjan saffron')),
    );
    expect(id).toBeGreaterThan(3);
    expect(await version()).not.toBe(v1);
    expect((await app.inject(`/en/api/store/products/${id}/`)).statusCode).toBe(200);
    const after = await page('/en/api/store/products/?limit=50');
    expect(after.count).toBe(before.count + 1);
    expect(ids(after.results)).toContain(id);
    expect(ids(await get('/en/api/store/products/?search=Zanjan'))).toEqual([id]);
    // Its tag's title is searchable through it, and its tags and subcollections are served.
    expect(ids(await get('/en/api/store/products/?search=Organic'))).toContain(id);
    expect(await get(`/en/api/store/products/${id}/`)).toMatchObject({
      tags: [{ tag: { id: 2, title: 'Organic' } }],
      subcollections: [{ id: 11 }],
    });
    // A second create gets the next id: the database hands them out.
    const { value: next } = await writeCatalogue(app.database, (w) =>
      w.create('product', newProduct('Yazd tile')),
    );
    expect(next).toBeGreaterThan(id);
    await writeCatalogue(app.database, (w) => w.remove('product', [next]));
  });

  it('updates: a product, and a tag whose title every product that has it is found by', async () => {
    const [product] = (await get('/en/api/store/products/?search=Zanjan')) as { id: number }[];
    const id = product!.id;
    await writeCatalogue(app.database, async (w) => {
      expect(await w.update('product', { ...newProduct('Qazvin saffron'), id })).toBe(true);
    });
    expect(ids(await get('/en/api/store/products/?search=Zanjan'))).toEqual([]);
    expect(ids(await get('/en/api/store/products/?search=Qazvin'))).toEqual([id]);
    expect(await get(`/en/api/store/products/${id}/`)).toMatchObject({ title: 'Qazvin saffron' });

    expect(ids(await get('/en/api/store/products/?search=Lapis'))).toEqual([]);
    await writeCatalogue(app.database, (w) =>
      w.update('tag', { id: 1, title: { fa: 'لاجورد', en: 'Lapis' } }),
    );
    const tagged = ids(await get('/en/api/store/products/?search=Lapis')).sort((a, b) => a - b);
    expect(tagged).toEqual([1, 2]);
    expect(await get('/en/api/store/products/1/')).toMatchObject({
      tags: [{ tag: { id: 1, title: 'Lapis' } }, { tag: { id: 2 } }],
    });
    // An update of an id that does not exist is refused, and writes nothing.
    const v = await version();
    await writeCatalogue(app.database, async (w) => {
      expect(await w.update('tag', { id: 999, title: { fa: 'نیست' } })).toBe(false);
    });
    expect(await version()).toBe(v);
  });

  it('deletes: what refers to an entity follows (links, copies on products, search)', async () => {
    await writeCatalogue(app.database, (w) => w.remove('tag', [1]));
    expect(await get('/en/api/store/products/1/')).toMatchObject({ tags: [{ tag: { id: 2 } }] });
    expect(ids(await get('/en/api/store/products/?search=Lapis'))).toEqual([]);
    await writeCatalogue(app.database, (w) => w.remove('subcollection', [10]));
    expect(await get('/en/api/store/products/1/')).toMatchObject({ subcollections: [] });
    expect(ids(await get('/en/api/store/subcollections/'))).toEqual([11]);
    expect(JSON.stringify(await get('/en/api/store/products/2/'))).toContain('Tabriz Carpets');
    await writeCatalogue(app.database, (w) => w.remove('industry', [6]));
    expect(JSON.stringify(await get('/en/api/store/products/2/'))).not.toContain('Tabriz Carpets');
    expect(ids(await get('/en/api/store/industries/'))).toEqual([5]);

    const [product] = (await get('/en/api/store/products/?search=Qazvin')) as { id: number }[];
    const count = (await page('/en/api/store/products/?limit=1')).count;
    await writeCatalogue(app.database, (w) => w.remove('product', [product!.id]));
    expect((await app.inject(`/en/api/store/products/${product!.id}/`)).statusCode).toBe(404);
    expect((await page('/en/api/store/products/?limit=1')).count).toBe(count - 1);
  });

  it('posts, banners, collections and about-us: create, update, delete', async () => {
    const { value: post } = await writeCatalogue(app.database, (w) =>
      w.create('post', {
        title: { fa: 'خبر تازه', en: 'Fresh news' },
        content: { fa: 'متن', en: 'Text' },
        specific_content: { fa: '<p>متن</p>' },
        creation_date: '2030-01-01T00:00:00Z',
        images: [],
      }),
    );
    expect(ids(await get('/en/api/store/posts/'))[0]).toBe(post);
    const { value: collection } = await writeCatalogue(app.database, (w) =>
      w.create('collection', { title: { fa: 'ادویه', en: 'Spices' }, footer: true }),
    );
    expect(ids(await get('/en/api/store/collections/'))).toContain(collection);
    await writeCatalogue(app.database, (w) =>
      w.setAboutUs({ content: { fa: '<p>ما <script>x</script></p>', en: '<p>Us</p>' } }),
    );
    expect(JSON.stringify(await get('/fa/api/store/aboutus/'))).not.toContain('script');
    await writeCatalogue(app.database, async (w) => {
      await w.remove('post', [post]);
      await w.remove('collection', [collection]);
    });
    expect(ids(await get('/en/api/store/posts/'))).not.toContain(post);
    expect(ids(await get('/en/api/store/collections/'))).not.toContain(collection);
  });

  it('pre-rendered JSON is byte for byte the product built from its row, in every language and for any media base', async () => {
    const repo = app.storeRepository;
    // A product whose texts hold the mark's escape and the mark's character itself.
    const { value: odd } = await writeCatalogue(app.database, (w) =>
      w.create('product', {
        ...newProduct('Odd \\u0001 text'),
        description: { fa: 'متن \u0001 خام', en: 'raw \\u0001 and \u0001' },
        images: ['https://cdn.example/remote.png', 'local.png'],
      }),
    );
    const ids = (await page('/en/api/store/products/?limit=100')).results.map((p) => p.id);
    expect(ids).toContain(odd);
    for (const lang of ['fa', 'en']) {
      for (const base of ['http://localhost:80', 'https://shop.example/$1$&\\u0001']) {
        const ctx = { lang, fallback: 'fa', media: mediaUrlFor(base), mediaBase: base, showPhone: false };
        for (const id of ids) {
          const built = writeProduct((await repo.getProduct(id, ctx))!);
          const view = await repo.productView(id, ctx);
          // The odd product is never pre-rendered (its texts hold the mark): it is built, as before.
          if (id === odd) expect(view).not.toBeInstanceOf(SerializedJson);
          else expect(view).toBeInstanceOf(SerializedJson);
          const bytes = view instanceof SerializedJson ? view.bytes.toString() : writeProduct(view);
          expect(bytes, `${lang} ${id}`).toBe(built);
          expect(JSON.parse(built)).toEqual(await repo.getProduct(id, ctx));
        }
      }
    }
    // Through HTTP: a visitor's page is made of the stored JSON, a signed-in reader's is built.
    const visitor = await app.inject('/en/api/store/products/?limit=50&offset=0');
    const product = (
      visitor.json() as { results: { id: number; images: { image: string }[] }[] }
    ).results.find((p) => p.id === odd)!;
    expect(product.images.map((i) => i.image)).toEqual([
      'https://cdn.example/remote.png',
      'http://localhost:80/media/local.png',
    ]);
    // A Host header that JSON must escape: the answer is still JSON, the same as the built one.
    const hostile = await app.inject({ url: '/en/api/store/products/1/', headers: { host: 'evil"\\x' } });
    const parsed = hostile.json() as { images: { image: string }[] };
    expect(parsed.images[0]!.image.startsWith('http://evil"\\x/media/')).toBe(true);
    await writeCatalogue(app.database, (w) => w.remove('product', [odd]));
  });

  it('a write that changes nothing keeps the version; a failing write leaves nothing of itself', async () => {
    const v = await version();
    const tag = { id: 2, title: fixtureCatalogue().tags[1]!.title };
    const { changed } = await writeCatalogue(app.database, (w) => w.put('tag', [tag]));
    expect(changed).toBe(false);
    expect(await version()).toBe(v);

    const list = await get('/en/api/store/products/');
    await expect(
      writeCatalogue(app.database, async (w) => {
        await w.create('product', newProduct('Half written'));
        await w.update('tag', { id: 2, title: { fa: 'نیمه', en: 'Halfway' } });
        throw new Error('stopped half-way');
      }),
    ).rejects.toThrow('stopped half-way');
    expect(await version()).toBe(v);
    expect(await get('/en/api/store/products/')).toEqual(list);
    expect(ids(await get('/en/api/store/products/?search=Halfway'))).toEqual([]);
    const { value: id } = await writeCatalogue(app.database, (w) =>
      w.create('product', newProduct('After failure')),
    );
    expect(ids(await get('/en/api/store/products/?search=After'))).toEqual([id]);
  });
});
