-- The app's features for 功能管理 (/functionManager, decision 0038): the console switches them and limits them to
-- version ranges per platform, but never adds or removes one (APP-功能管理 has no 添加 or 删除): the app knows them by key.
INSERT INTO "app_feature" ("key", "name", "description", "show_state") VALUES
	('comment', '评论', '文章、视频等内容下的评论与回复', true),
	('like', '点赞', '内容与评论的点赞', true),
	('share', '分享', '分享到微信、微博等第三方平台', true),
	('live', '直播', '直播频道与直播间', true),
	('circle', '圈子', '圈子、发帖与互动', true),
	('pointsShop', '积分商城', '积分兑换商品与权益', true),
	('darkMode', '深色模式', 'App 跟随系统或手动切换深色模式', true),
	('download', '离线下载', '视频、音频下载后离线观看', true)
ON CONFLICT ("key") DO NOTHING;
