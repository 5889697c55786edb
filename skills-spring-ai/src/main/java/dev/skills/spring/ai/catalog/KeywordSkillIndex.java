package dev.skills.spring.ai.catalog;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.skills.core.SkillMeta;
import dev.skills.core.internal.prompt.ModelText;
import dev.skills.core.registry.SkillsChange;
import dev.skills.core.registry.SkillsListener;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.core.registry.SkillsSnapshot;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.search.TopScoreDocCollectorManager;
import org.apache.lucene.store.AlreadyClosedException;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.util.BytesRef;
import org.jspecify.annotations.Nullable;

/**
 * The default {@link SkillRetriever}: an in-memory Lucene index ranking skills by BM25
 * over their name, description, {@code when_to_use}, {@code metadata.triggers} and
 * {@code metadata.tags}, and at a lower weight over a bounded prefix of their body (its
 * opening and headings); {@code metadata.priority}, then the name, break ties. It listens
 * to the registry and re-indexes only the skills a reload added, changed or removed.
 * Bodies are read by a thread of the index's own, never by a request: until it is done a
 * skill is found by its frontmatter.
 */
public final class KeywordSkillIndex implements SkillRetriever, SkillsListener, AutoCloseable {

	/** How many characters of a body's opening are indexed by default. */
	public static final int DEFAULT_BODY_CHARS = 2048;

	// The most distinct terms searched: a long message must not make every request slow
	// (CatalogQuery bounds its characters).
	static final int MAX_QUERY_TERMS = 64;

	private static final Log logger = LogFactory.getLog(KeywordSkillIndex.class);

	// Bodies read in the background become searchable this many at a time.
	private static final int BODY_BATCH = 256;

	private static final String ID = "id";

	private static final String PRIORITY = "priority";

	private static final String BODY = "body";

	// A name or tag match says more about a skill than a word of its description.
	// The body says most about a skill, but in many more words: below the frontmatter.
	private static final Map<String, Float> FIELDS = Map.of("name", 3f, "tags", 2f, "triggers", 2f, "when_to_use", 1.5f,
			"description", 1f, BODY, 0.5f);

	private static final Comparator<Hit> RANKING = Comparator.comparingDouble(Hit::score)
		.reversed()
		.thenComparing(Comparator.comparingLong(Hit::priority).reversed())
		.thenComparing(Hit::name);

	private final SkillsRegistry registry;

	private final Analyzer analyzer = new EnglishAnalyzer();

	private final ByteBuffersDirectory directory = new ByteBuffersDirectory();

	private final IndexWriter writer;

	private final SearcherManager searchers;

	private final SkillBodies bodies;

	private final WeightedQueries queries = new WeightedQueries(this.analyzer, FIELDS);

	private volatile boolean closed;

	private KeywordSkillIndex(SkillsRegistry registry, int bodyChars) throws IOException {
		this.registry = registry;
		this.bodies = new SkillBodies(registry, bodyChars);
		this.writer = new IndexWriter(this.directory,
				new IndexWriterConfig(this.analyzer).setOpenMode(IndexWriterConfig.OpenMode.CREATE)
					.setCommitOnClose(false));
		this.searchers = new SearcherManager(this.writer, null);
	}

	/**
	 * Index a registry's skills, with the first {@value #DEFAULT_BODY_CHARS} characters
	 * of their bodies, and keep the index up to date with its reloads.
	 * @param registry the skills
	 * @return the index; {@link #close() close} it to stop listening
	 */
	public static KeywordSkillIndex of(SkillsRegistry registry) {
		return of(registry, DEFAULT_BODY_CHARS);
	}

	/**
	 * Index a registry's skills and keep the index up to date with its reloads.
	 * @param registry the skills
	 * @param bodyChars how many characters of each body's opening to index (its headings
	 * add up to a quarter more); 0 indexes the frontmatter alone
	 * @return the index; {@link #close() close} it to stop listening
	 */
	public static KeywordSkillIndex of(SkillsRegistry registry, int bodyChars) {
		try {
			KeywordSkillIndex index = new KeywordSkillIndex(registry, Math.max(0, bodyChars));
			synchronized (index) {
				// Listen first: a reload that commits meanwhile waits, then re-indexes
				// its skills.
				registry.addListener(index);
				SkillsSnapshot snapshot = registry.snapshot();
				for (SkillMeta meta : snapshot.skills()) {
					index.index(meta, null, false);
				}
				index.searchers.maybeRefreshBlocking();
				List<String> names = snapshot.names();
				index.bodies.inBackground(() -> index.indexBodies(names));
			}
			return index;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot build the skills keyword index", ex);
		}
	}

	@Override
	public synchronized void onChange(SkillsChange change) {
		SkillsSnapshot snapshot = this.registry.snapshot();
		Set<String> names = new LinkedHashSet<>(change.added());
		names.addAll(change.changed());
		names.addAll(change.removed());
		try {
			for (String name : names) {
				// The registry's current snapshot, not the change, says what a skill is
				// now: a
				// later reload may already have replaced it.
				SkillMeta meta = snapshot.get(name).orElse(null);
				if (meta != null) {
					index(meta, this.bodies.prefix(snapshot, name), true);
				}
				else {
					this.writer.deleteDocuments(new Term(ID, name));
				}
			}
			this.searchers.maybeRefreshBlocking();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot update the skills keyword index", ex);
		}
	}

	/**
	 * Wait until the bodies of the skills there were when the index was built are
	 * indexed; requests never wait for this (for tests and measurements).
	 * @param timeout how long to wait at most
	 * @return {@code true} when they are
	 */
	public boolean awaitBodies(Duration timeout) {
		return this.bodies.await(timeout);
	}

	String bodyThreadName() {
		return this.bodies.threadName();
	}

	@Override
	public List<String> retrieve(String text, int limit) {
		return search(this.queries.of(CatalogQuery.of(text)), limit);
	}

	/**
	 * The skills most relevant to a conversation, in one BM25 ranking: the terms of the
	 * latest message weigh 1, those of earlier turns less ({@link CatalogQuery}).
	 */
	@Override
	public List<String> retrieve(CatalogQuery query, int limit) {
		return search(this.queries.of(query), limit);
	}

	private List<String> search(BooleanQuery query, int limit) {
		if (query.clauses().isEmpty() || limit <= 0) {
			return List.of();
		}
		try {
			IndexSearcher searcher = this.searchers.acquire();
			try {
				// Ranked by score alone and no total hit count, so Lucene skips what
				// cannot compete as soon as it holds `limit` hits (not after 1,000);
				// ties are settled below.
				ScoreDoc[] hits = searcher.search(query, new TopScoreDocCollectorManager(limit, null, limit)).scoreDocs;
				List<Hit> ranked = ranked(searcher, hits);
				ranked.sort(RANKING);
				List<String> names = new ArrayList<>(ranked.size());
				ranked.forEach((hit) -> names.add(hit.name()));
				return names;
			}
			finally {
				this.searchers.release(searcher);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot search the skills keyword index", ex);
		}
	}

	/**
	 * Stop listening to the registry and free the index.
	 */
	@Override
	public void close() {
		synchronized (this) {
			if (this.closed) {
				return;
			}
			this.closed = true;
			this.registry.removeListener(this);
			try {
				this.searchers.close();
				this.writer.close();
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		}
		// Outside the lock: the reading thread may be waiting for it, to see it closed.
		this.bodies.close();
	}

	// One skill at a time under the lock, from the registry's current snapshot: a reload
	// re-indexing the same skill meanwhile is never overwritten by an older body.
	private void indexBodies(List<String> names) {
		int done = 0;
		for (String name : names) {
			synchronized (this) {
				if (this.closed) {
					return;
				}
				SkillsSnapshot snapshot = this.registry.snapshot();
				SkillMeta meta = snapshot.get(name).orElse(null);
				String body = (meta != null) ? this.bodies.prefix(snapshot, name) : null;
				try {
					if (body != null) {
						index(meta, body, true);
					}
					if (++done % BODY_BATCH == 0 || done == names.size()) {
						this.searchers.maybeRefreshBlocking();
					}
				}
				catch (IOException ex) {
					throw new UncheckedIOException("Cannot index the body of skill '" + name + "'", ex);
				}
			}
		}
		mergeSegments();
	}

	// Re-indexing every skill with its body leaves many small segments, each mostly
	// deleted documents, and a query visits every term in every segment: one segment
	// makes a query of many terms several times cheaper. Outside the lock, so reloads
	// are indexed meanwhile; close() aborts a merge under way.
	private void mergeSegments() {
		try {
			this.writer.forceMerge(1);
			synchronized (this) {
				if (!this.closed) {
					this.searchers.maybeRefreshBlocking();
				}
			}
		}
		catch (IOException | AlreadyClosedException ex) {
			if (!this.closed) {
				logger.warn("The skills keyword index could not merge its segments: " + ex.getMessage());
			}
		}
	}

	// Priority and name of each hit, read in document order: doc values iterators only
	// move forward.
	private static List<Hit> ranked(IndexSearcher searcher, ScoreDoc[] hits) throws IOException {
		ScoreDoc[] inOrder = hits.clone();
		Arrays.sort(inOrder, Comparator.comparingInt((ScoreDoc hit) -> hit.doc));
		List<LeafReaderContext> leaves = searcher.getIndexReader().leaves();
		List<Hit> ranked = new ArrayList<>(hits.length);
		LeafReaderContext leaf = null;
		NumericDocValues priorities = null;
		SortedDocValues names = null;
		for (ScoreDoc hit : inOrder) {
			if (leaf == null || hit.doc >= leaf.docBase + leaf.reader().maxDoc()) {
				leaf = leaves.get(ReaderUtil.subIndex(hit.doc, leaves));
				priorities = DocValues.getNumeric(leaf.reader(), PRIORITY);
				names = DocValues.getSorted(leaf.reader(), ID);
			}
			int doc = hit.doc - leaf.docBase;
			long priority = priorities.advanceExact(doc) ? priorities.longValue() : 0;
			String name = names.advanceExact(doc) ? names.lookupOrd(names.ordValue()).utf8ToString() : "";
			ranked.add(new Hit(hit.score, priority, name));
		}
		return ranked;
	}

	// One skill the index refuses (Lucene throws for an immense term) is left out with a
	// warning: it must not fail the index of every other skill.
	private void index(SkillMeta meta, @Nullable String body, boolean replace) throws IOException {
		try {
			if (replace) {
				this.writer.updateDocument(new Term(ID, meta.name()), document(meta, body));
			}
			else {
				this.writer.addDocument(document(meta, body));
			}
		}
		catch (IllegalArgumentException ex) {
			logger.warn(
					"Skill '" + ModelText.echo(meta.name()) + "' is left out of the keyword index: " + ex.getMessage());
		}
	}

	private static Document document(SkillMeta meta, @Nullable String body) {
		Document document = new Document();
		document.add(new StringField(ID, meta.name(), Field.Store.NO));
		document.add(new SortedDocValuesField(ID, new BytesRef(meta.name())));
		document.add(new NumericDocValuesField(PRIORITY, meta.priority()));
		document.add(new TextField("name", meta.name().replace('-', ' ').replace('_', ' '), Field.Store.NO));
		document.add(new TextField("description", meta.description(), Field.Store.NO));
		if (meta.whenToUse() != null) {
			document.add(new TextField("when_to_use", meta.whenToUse(), Field.Store.NO));
		}
		document.add(new TextField("triggers", String.join("\n", meta.triggers()), Field.Store.NO));
		document.add(new TextField("tags", String.join(" ", meta.tags()), Field.Store.NO));
		if (body != null) {
			document.add(new TextField(BODY, body, Field.Store.NO));
		}
		return document;
	}

	private record Hit(float score, long priority, String name) {
	}

}
