package dev.skills.spring.ai.catalog.index;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Set;

import dev.skills.core.SkillMeta;
import dev.skills.core.internal.prompt.ModelText;
import dev.skills.core.registry.SkillsSnapshot;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.search.TopScoreDocCollectorManager;
import org.apache.lucene.store.AlreadyClosedException;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.jspecify.annotations.Nullable;

/**
 * The default {@link SkillRetriever}: an in-memory Lucene index ranking skills by BM25
 * over their name, description, {@code when_to_use}, {@code metadata.triggers} and
 * {@code metadata.tags}, and at a lower weight over a bounded prefix of their body (its
 * opening and headings); {@code metadata.priority}, then the name, break ties. A
 * {@link SkillIndexUpdater} feeds it: the frontmatter of every skill when it starts (what
 * the first request that needs a ranking waits for), then, on the registry's listener
 * thread, every body and the skills each reload added, changed or removed. Until its body
 * is read a skill is found by its frontmatter; a request never reads a body.
 */
public final class KeywordSkillIndex implements SkillIndex, AutoCloseable {

	/** How many characters of a body's opening are indexed by default. */
	public static final int DEFAULT_BODY_CHARS = 2048;

	// The most distinct terms searched: a long message must not make every request slow
	// (CatalogQuery bounds its characters).
	static final int MAX_QUERY_TERMS = 64;

	private static final Log logger = LogFactory.getLog(KeywordSkillIndex.class);

	// Skills re-indexed with their bodies become searchable this many at a time.
	private static final int BODY_BATCH = 256;

	private final int bodyChars;

	private final Analyzer analyzer = new EnglishAnalyzer();

	private final ByteBuffersDirectory directory = new ByteBuffersDirectory();

	private final IndexWriter writer;

	private final SearcherManager searchers;

	private final WeightedQueries queries = new WeightedQueries(this.analyzer, SkillDocuments.FIELDS);

	// The snapshot whose frontmatter seed() indexed, and whether the first update (the
	// same skills in full) is still to come.
	private volatile @Nullable SkillsSnapshot seeded;

	private volatile boolean firstPass;

	private volatile boolean closed;

	/**
	 * An empty index of the frontmatter and the first {@value #DEFAULT_BODY_CHARS}
	 * characters of each body.
	 */
	public KeywordSkillIndex() {
		this(DEFAULT_BODY_CHARS);
	}

	/**
	 * An empty index.
	 * @param bodyChars how many characters of each body's opening to index (its headings
	 * add up to a quarter more); 0 indexes the frontmatter alone
	 */
	public KeywordSkillIndex(int bodyChars) {
		this.bodyChars = Math.max(0, bodyChars);
		try {
			this.writer = new IndexWriter(this.directory,
					new IndexWriterConfig(this.analyzer).setOpenMode(IndexWriterConfig.OpenMode.CREATE)
						.setCommitOnClose(false));
			this.searchers = new SearcherManager(this.writer, null);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot build the skills keyword index", ex);
		}
	}

	/**
	 * Index the frontmatter of every skill; bodies come with {@link #update}.
	 */
	@Override
	public synchronized void seed(SkillsSnapshot snapshot) {
		try {
			boolean empty = this.writer.getDocStats().numDocs == 0;
			for (SkillMeta meta : snapshot.skills()) {
				index(meta, null, !empty);
			}
			this.searchers.maybeRefreshBlocking();
			this.seeded = snapshot;
			this.firstPass = true;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot build the skills keyword index", ex);
		}
	}

	/**
	 * Index the skills with their bodies, read here (outside the lock that
	 * {@link #close()} takes), one skill at a time.
	 */
	@Override
	public void update(SkillsSnapshot snapshot, Set<String> names) {
		boolean first = this.firstPass;
		this.firstPass = false;
		if (first && this.bodyChars == 0 && snapshot == this.seeded) {
			// The seed indexed this snapshot's frontmatter: all this index holds.
			return;
		}
		boolean merge = first && this.bodyChars > 0;
		int done = 0;
		// In name order, as a first scan lists them: the order of the documents settles
		// which of equally scored skills make the cut.
		for (String name : names.stream().sorted().toList()) {
			SkillMeta meta = snapshot.get(name).orElse(null);
			String body = (meta != null) ? BodyPrefix.read(snapshot, name, this.bodyChars) : null;
			synchronized (this) {
				if (this.closed) {
					return;
				}
				try {
					if (meta != null) {
						index(meta, body, true);
					}
					else {
						this.writer.deleteDocuments(SkillDocuments.id(name));
					}
					if (++done % BODY_BATCH == 0 || done == names.size()) {
						this.searchers.maybeRefreshBlocking();
					}
				}
				catch (IOException ex) {
					throw new UncheckedIOException("Cannot update the skills keyword index", ex);
				}
			}
		}
		if (merge) {
			mergeSegments();
		}
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
				return SkillDocuments.ranked(searcher, hits);
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
	 * Free the index; an update under way stops at its next skill.
	 */
	@Override
	public void close() {
		synchronized (this) {
			if (this.closed) {
				return;
			}
			this.closed = true;
			try {
				this.searchers.close();
				this.writer.close();
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		}
	}

	// After the first pass: re-indexing every skill with its body leaves many small
	// segments, each mostly deleted documents, and a query visits every term in every
	// segment: one segment makes a query of many terms several times cheaper. Outside
	// the lock, so searches go on meanwhile; close() aborts a merge under way.
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

	// One skill the index refuses (Lucene throws for an immense term) is left out with a
	// warning: it must not fail the index of every other skill.
	private void index(SkillMeta meta, @Nullable String body, boolean replace) throws IOException {
		try {
			if (replace) {
				this.writer.updateDocument(SkillDocuments.id(meta.name()), SkillDocuments.of(meta, body));
			}
			else {
				this.writer.addDocument(SkillDocuments.of(meta, body));
			}
		}
		catch (IllegalArgumentException ex) {
			logger.warn(
					"Skill '" + ModelText.echo(meta.name()) + "' is left out of the keyword index: " + ex.getMessage());
		}
	}

}
