package dev.skills.boot.outage;

import java.net.URI;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import com.zaxxer.hikari.HikariDataSource;
import dev.skills.jdbc.TestDatabases;
import dev.skills.test.ChatCompletionsStub;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A chat service whose active skills live in PostgreSQL ({@code SKILLS_TEST_JDBC_URL}) in
 * a table of its own, reached through a {@link TcpProxy} that a test takes down as a
 * database that stops; its model is a {@link ChatCompletionsStub}. Closing it stops all
 * of them and drops the table.
 *
 * @param app the running application
 * @param openAi the model
 * @param proxy the way to the database
 * @param direct a pool that reaches the database without the proxy
 * @param table the active-skill table
 */
record ProxiedChatService(ConfigurableApplicationContext app, ChatCompletionsStub openAi, TcpProxy proxy,
		HikariDataSource direct, String table) implements AutoCloseable {

	/**
	 * Start the model, the proxy and the application.
	 * @param application the application class
	 * @param skills the skills folder
	 * @param properties more properties of the application
	 * @return the service
	 */
	static ProxiedChatService start(Class<?> application, Path skills, Map<String, String> properties) {
		URI url = URI.create(TestDatabases.postgresUrl().substring("jdbc:".length()));
		ChatCompletionsStub openAi = ChatCompletionsStub.start();
		TcpProxy proxy = new TcpProxy(url.getHost(), url.getPort());
		proxy.up();
		HikariDataSource direct = TestDatabases.postgres();
		String table = TestDatabases.uniqueTableName();
		Map<String, Object> all = new HashMap<>(Map.ofEntries(Map.entry("server.port", "0"),
				Map.entry("spring.datasource.url", "jdbc:postgresql://127.0.0.1:" + proxy.port() + url.getPath()),
				Map.entry("spring.datasource.username", TestDatabases.postgresUsername()),
				Map.entry("spring.datasource.password", TestDatabases.postgresPassword()),
				Map.entry("skills.active-skills.store", "jdbc"),
				Map.entry("skills.active-skills.jdbc.initialize-schema", "always"),
				Map.entry("skills.active-skills.jdbc.table-name", table),
				Map.entry("skills.active-skills.jdbc.timeout", "1s"), Map.entry("skills.skills-dir", skills.toString()),
				Map.entry("spring.ai.openai.base-url", openAi.baseUrl()), Map.entry("spring.ai.openai.api-key", "test"),
				Map.entry("spring.main.banner-mode", "off"), Map.entry("logging.level.root", "warn")));
		all.putAll(properties);
		ConfigurableApplicationContext app = new SpringApplicationBuilder(application).properties(all).run();
		return new ProxiedChatService(app, openAi, proxy, direct, table);
	}

	@Override
	public void close() {
		this.app.close();
		TestDatabases.drop(this.direct, this.table);
		this.direct.close();
		this.proxy.close();
		this.openAi.close();
	}

}
