package dev.skills.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import dev.skills.core.SkillConfig;
import dev.skills.core.registry.SkillsChange;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.sources.SourceRefresher;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * A published index of 1,000 skills on loopback: the refresh of an unchanged index (one
 * conditional request answered {@code 304}) against that request alone and against a
 * rescan of the same 1,000 skills as a folder location (the revision the index's checkout
 * wrote), and the checkout of every skill into an empty cache at two sizes of
 * {@code SKILL.md}, timed once per invocation (the cache is made before each and not
 * timed).
 */
@State(Scope.Benchmark)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class IndexSourcesBenchmark {

	@Param({ "4096", "65536" })
	public int size;

	private IndexSite site;

	private Path cache;

	private SourceRefresher unchanged;

	private SourceRefresher empty;

	private SkillsRegistry folder;

	private HttpClient client;

	private HttpRequest conditional;

	private int checkouts;

	@Setup(Level.Trial)
	public void serveIndex() throws IOException {
		this.site = new IndexSite(1000, this.size);
		this.cache = Files.createTempDirectory("skills-bench-index");
		this.unchanged = IndexSources.of(this.site.url(), this.cache.resolve("unchanged"));
		IndexSources.refresh(this.unchanged);
		this.folder = SkillsRegistry
			.create(SkillConfig.builder().skillsDir(this.unchanged.locations()).hotReload(false).build());
		this.client = HttpClient.newHttpClient();
		String etag = this.client
			.sendAsync(HttpRequest.newBuilder(URI.create(this.site.url())).build(),
					HttpResponse.BodyHandlers.discarding())
			.join()
			.headers()
			.firstValue("ETag")
			.orElseThrow();
		this.conditional = HttpRequest.newBuilder(URI.create(this.site.url())).header("If-None-Match", etag).build();
	}

	@TearDown(Level.Trial)
	public void stopServing() {
		this.folder.close();
		this.unchanged.close();
		this.site.close();
		SkillTrees.delete(this.cache);
	}

	@Setup(Level.Invocation)
	public void emptyCache(BenchmarkParams params) {
		if (params.getBenchmark().endsWith("checkoutEverySkill")) {
			this.empty = IndexSources.of(this.site.url(), this.cache.resolve("empty-" + this.checkouts++));
		}
	}

	@TearDown(Level.Invocation)
	public void dropCache(BenchmarkParams params) {
		if (params.getBenchmark().endsWith("checkoutEverySkill")) {
			this.empty.close();
			SkillTrees.delete(this.cache.resolve("empty-" + (this.checkouts - 1)));
		}
	}

	@Benchmark
	@BenchmarkMode(Mode.AverageTime)
	public int baselineConditionalGet() {
		try {
			return this.client.send(this.conditional, HttpResponse.BodyHandlers.discarding()).statusCode();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	@Benchmark
	@BenchmarkMode(Mode.AverageTime)
	public SkillsChange baselineFolderRescan() {
		return this.folder.reload();
	}

	@Benchmark
	@BenchmarkMode(Mode.AverageTime)
	public Object refreshUnchanged() {
		return IndexSources.refresh(this.unchanged);
	}

	@Benchmark
	@BenchmarkMode(Mode.SingleShotTime)
	@Warmup(iterations = 2, batchSize = 1)
	@Measurement(iterations = 5, batchSize = 1)
	public Object checkoutEverySkill() {
		return IndexSources.refresh(this.empty);
	}

}
