package dev.skills.spring.ai.catalog;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.skills.core.SkillMeta;
import dev.skills.core.internal.prompt.SkillPrompts;
import dev.skills.core.registry.SkillsChange;
import dev.skills.core.registry.SkillsListener;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.core.registry.SkillsSnapshot;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
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
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.util.BytesRef;

/**
 * The default {@link SkillRetriever}: an in-memory Lucene index ranking skills by BM25
 * over their name, description, {@code when_to_use}, {@code metadata.triggers} and
 * {@code metadata.tags}; {@code metadata.priority}, then the name, break ties. It listens
 * to the registry and re-indexes only the skills a reload added, changed or removed.
 */
public final class KeywordSkillIndex implements SkillRetriever, SkillsListener, AutoCloseable {

	// The most of a text that is read for terms, and the most distinct terms searched: a
	// long
	// pasted message must not make every request slow.
	static final int MAX_QUERY_CHARS = 4000;

	static final int MAX_QUERY_TERMS = 64;

	private static final Log logger = LogFactory.getLog(KeywordSkillIndex.class);

	private static final String ID = "id";

	private static final String PRIORITY = "priority";

	// A name or tag match says more about a skill than a word of its description.
	private static final Map<String, Float> FIELDS = Map.of("name", 3f, "tags", 2f, "triggers", 2f, "when_to_use", 1.5f,
			"description", 1f);

	private static final Comparator<Hit> RANKING = Comparator.comparingDouble(Hit::score)
		.reversed()
		.thenComparing(Comparator.comparingLong(Hit::priority).reversed())
		.thenComparing(Hit::name);

	private final SkillsRegistry registry;

	private final Analyzer analyzer = new EnglishAnalyzer();

	private final ByteBuffersDirectory directory = new ByteBuffersDirectory();

	private final IndexWriter writer;

	private final SearcherManager searchers;

	private KeywordSkillIndex(SkillsRegistry registry) throws IOException {
		this.registry = registry;
		this.writer = new IndexWriter(this.directory,
				new IndexWriterConfig(this.analyzer).setOpenMode(IndexWriterConfig.OpenMode.CREATE)
					.setCommitOnClose(false));
		this.searchers = new SearcherManager(this.writer, null);
	}

	/**
	 * Index a registry's skills and keep the index up to date with its reloads.
	 * @param registry the skills
	 * @return the index; {@link #close() close} it to stop listening
	 */
	public static KeywordSkillIndex of(SkillsRegistry registry) {
		try {
			KeywordSkillIndex index = new KeywordSkillIndex(registry);
			synchronized (index) {
				// Listen first: a reload that commits meanwhile waits, then re-indexes
				// its skills.
				registry.addListener(index);
				SkillsSnapshot snapshot = registry.snapshot();
				for (SkillMeta meta : snapshot.skills()) {
					index.index(meta, false);
				}
				index.searchers.maybeRefreshBlocking();
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
					index(meta, true);
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

	@Override
	public List<String> retrieve(String text, int limit) {
		BooleanQuery query = query(text);
		if (query.clauses().isEmpty() || limit <= 0) {
			return List.of();
		}
		try {
			IndexSearcher searcher = this.searchers.acquire();
			try {
				// Ranked by score alone, so Lucene can skip what cannot compete; ties are
				// settled below.
				ScoreDoc[] hits = searcher.search(query, limit).scoreDocs;
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
	public synchronized void close() {
		this.registry.removeListener(this);
		try {
			this.searchers.close();
			this.writer.close();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private BooleanQuery query(String text) {
		BooleanQuery.Builder query = new BooleanQuery.Builder();
		for (String term : terms(text)) {
			FIELDS.forEach((field, boost) -> query.add(new BoostQuery(new TermQuery(new Term(field, term)), boost),
					BooleanClause.Occur.SHOULD));
		}
		return query.build();
	}

	private Set<String> terms(String text) {
		Set<String> terms = new LinkedHashSet<>();
		String bounded = (text.length() > MAX_QUERY_CHARS) ? text.substring(0, MAX_QUERY_CHARS) : text;
		try (TokenStream stream = this.analyzer.tokenStream("description", bounded)) {
			CharTermAttribute term = stream.addAttribute(CharTermAttribute.class);
			stream.reset();
			while (terms.size() < MAX_QUERY_TERMS && stream.incrementToken()) {
				terms.add(term.toString());
			}
			stream.end();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return terms;
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
	private void index(SkillMeta meta, boolean replace) throws IOException {
		try {
			if (replace) {
				this.writer.updateDocument(new Term(ID, meta.name()), document(meta));
			}
			else {
				this.writer.addDocument(document(meta));
			}
		}
		catch (IllegalArgumentException ex) {
			logger.warn("Skill '" + SkillPrompts.echo(meta.name()) + "' is left out of the keyword index: "
					+ ex.getMessage());
		}
	}

	private static Document document(SkillMeta meta) {
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
		return document;
	}

	private record Hit(float score, long priority, String name) {
	}

}
